// A sync run in a process of its own, so that a test can kill it with SIGKILL at any moment.
// argv: outboxDir baseUrl caPath batchId chunkSize
import { readFileSync } from 'node:fs';
import { PaymentsClient } from '../../electron/core/client';
import { Outbox } from '../../electron/core/outbox';
import { SyncEngine } from '../../electron/core/sync/sync-engine';

const [outboxDir, baseUrl, caPath, batchId, chunkSize] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string,
];
const outbox = Outbox.open(outboxDir);
const client = new PaymentsClient({
  profile: {
    name: 'Local sandbox',
    kind: 'local',
    baseUrl,
    authUrl: `${baseUrl}/auth`,
    caPem: readFileSync(caPath, 'utf8'),
  },
  credentials: { apiKey: 'sandbox-api-key', clientSecret: 'sandbox-client-secret' },
});
process.stdout.write('started\n'); // the parent times its kill from here, not from start-up
const result = await new SyncEngine(outbox, client, {
  chunkSize: Number(chunkSize),
  pollMs: 20,
  onProgress: (event) => process.stdout.write(`progress ${JSON.stringify(event)}\n`),
}).sync(batchId);
process.stdout.write(`result ${JSON.stringify(result)}\n`);
client.close();
outbox.close();
