#!/usr/bin/env node
// The installed `payout-desk` command: runs the TypeScript CLI through tsx's loader.
import { register } from 'tsx/esm/api';

register();
await import('../electron/cli.ts');
