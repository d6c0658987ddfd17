// The desk's settings: kept in the outbox as one JSON value, checked with the contract's schema
// both ways (a value an older or newer version left that does not fit falls back to the
// default, field by field, rather than failing every sync). Changes are in the audit log.
import type { ImportDefaults } from '../sheets';
import {
  DEFAULT_SETTINGS,
  DeskSettings,
  type ExecutionDateRule,
} from '../../../shared/desk/settings';
import type { DeskContext, DeskHandlers } from './desk-context';

const KEY = 'desk_settings';

export function settingsHandlers(
  ctx: DeskContext,
): Pick<DeskHandlers, 'getSettings' | 'saveSettings'> {
  return {
    getSettings: () => ({ ...settingsOf(ctx), data_dir: ctx.dataDir }),

    saveSettings: (changes) => {
      const { outbox } = ctx;
      const next = DeskSettings.parse({ ...settingsOf(ctx), ...changes });
      outbox.db.transaction(() => {
        outbox.settings.set(KEY, next);
        outbox.audit.append('settings', { details: { ...changes } });
      })();
      return { ...next, data_dir: ctx.dataDir };
    },
  };
}

/** The settings in force: what was saved, each field that does not fit taken as its default. */
export function settingsOf(ctx: DeskContext): DeskSettings {
  const saved = ctx.outbox.settings.get<Record<string, unknown>>(KEY) ?? {};
  const shape = DeskSettings.shape;
  const field = <K extends keyof DeskSettings>(key: K): DeskSettings[K] => {
    const parsed = shape[key].safeParse(saved[key]);
    return parsed.success ? (parsed.data as DeskSettings[K]) : DEFAULT_SETTINGS[key];
  };
  return {
    chunk_size: field('chunk_size'),
    execution_date_rule: field('execution_date_rule'),
    default_purpose: field('default_purpose'),
    service_approval: field('service_approval'),
    second_approver: field('second_approver'),
  };
}

/** What an import gives rows that leave the purpose or the date blank. */
export function importDefaultsOf(ctx: DeskContext): ImportDefaults {
  const settings = settingsOf(ctx);
  const executionDate = executionDateOf(settings.execution_date_rule, ctx.today());
  return {
    ...(settings.default_purpose ? { purpose: settings.default_purpose } : {}),
    ...(executionDate ? { executionDate } : {}),
  };
}

/** The day a rule gives, from today (YYYY-MM-DD); none for dates the sheet must give. */
export function executionDateOf(rule: ExecutionDateRule, today: string): string | undefined {
  if (rule === 'from_sheet') return undefined;
  if (rule === 'today') return today;
  const day = new Date(`${today}T00:00:00Z`);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6);
  return day.toISOString().slice(0, 10);
}
