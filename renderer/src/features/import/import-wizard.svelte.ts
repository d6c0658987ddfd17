// The import wizard's state: the file (uploaded in browser mode, a native path in Electron), the
// desk's inspection of it as the person changes the sheet, header row and mapping, and the
// import itself with its progress, cancel and summary. Every choice is a re-inspection: the
// desk, not the page, decides what the import would do, so the preview is the import's own.
import type {
  DeskEvent,
  DeskInput,
  DeskOutput,
  ImportSummary,
  PickedFile,
  ServiceApproval,
  SheetInspection,
} from '../../../../shared/desk';
import { codeOf, desk, detailsOf, messageOf, sentenceOf } from '../../lib/desk';
import { droppedSheet } from '../../lib/dropped-file.svelte';
import { ImportGroupChoice } from './import-group-choice.svelte';
import { STEPS, type Confidence, type StepId } from './import-steps';

export type BatchOption = DeskOutput<'listBatches'>['batches'][number];
type Mapping = Record<string, string | null>;

/** Rows below the header the preview shows: enough to see the issues of a page of payments. */
const PREVIEW_ROWS = 50;

/**
 * A mapping that names its columns by letter tells the desk the sheet has no header row: every
 * row is a payment. This one names only the first column, as not used, until the person maps
 * the columns (by letter, as the mapping step shows them then).
 */
const NO_HEADER_ROW: Mapping = { '(column A)': null };

type DateOrder = NonNullable<DeskInput<'inspectSheet'>['date_order']>;

interface Choice {
  sheet?: string;
  header_row?: number;
  mapping?: Mapping;
  /** How a date such as 05/04/2030 reads, where the person said; else the desk judges. */
  date_order?: DateOrder;
}

export class ImportWizard {
  step = $state<StepId>('file');
  /** The sheet picked: its name, and the path the desk reads. */
  file = $state<{ name: string; path: string } | null>(null);
  /** The name of a file being uploaded to the browser host. */
  uploading = $state<string | null>(null);
  inspecting = $state(false);
  inspection = $state.raw<SheetInspection | null>(null);
  /**
   * What went wrong last, shown in the step where it happened; nothing chosen is lost. A sheet
   * in which the desk found no header row (`noHeaderRow`, the sheet it read) may be read
   * without one.
   */
  error = $state<{ step: StepId; message: string; noHeaderRow?: { sheet?: string } } | null>(null);
  /** The header row the desk guessed for this sheet, marked while another is chosen. */
  guessedHeader = $state<number | null>(null);
  errorsOnly = $state(false);

  target = $state<'new' | 'append'>('new');
  batchName = $state('');
  appendTo = $state('');
  batches = $state.raw<BatchOption[]>([]);
  readonly group = new ImportGroupChoice();
  /** How the person said dates such as 05/04/2030 read; null: as the desk judges them. */
  dateOrder = $state<DateOrder | null>(null);
  serviceApproval = $state<ServiceApproval>('for_approval');

  importing = $state<{
    jobId: string;
    rows: number;
    drafts: number;
    /** How far into the file the rows read end, 0 to 1; null where the file does not tell. */
    fraction: number | null;
    cancelling: boolean;
  } | null>(null);
  summary = $state.raw<ImportSummary | null>(null);
  /** Said after a cancelled import: what was (not) left behind. */
  cancelled = $state<string | null>(null);

  #choice: Choice = {};
  /** The fields the person chose, by header, since the sheet or header row was last set. */
  #overrides = $state.raw<Mapping>({});
  /**
   * The desk refused the mapping the person chose (two columns for one field): it is shown as
   * chosen with the refusal, and Next waits for a change it takes.
   */
  mappingRefused = $state(false);
  /** Each column as the desk mapped it before any choice: what a column not changed keeps. */
  #base = new Map<string, { field: string | null; confidence: Confidence | null }>();
  #inspections = 0;
  #unsubscribe: () => void;
  #disposed = false;

  constructor(appendTo: string | null) {
    if (appendTo) {
      this.target = 'append';
      this.appendTo = appendTo;
    }
    this.#unsubscribe = desk.shell.onEvent((event) => this.#onEvent(event));
    void this.loadBatches();
    void this.loadGroups();
    void this.#loadDefaultApproval();
  }

  /** The choice starts as the settings' default (Settings › Defaults); the person may change it. */
  async #loadDefaultApproval(): Promise<void> {
    try {
      this.serviceApproval = (await desk.getSettings({})).service_approval;
    } catch {
      // The wizard's own default stands; the import itself reports any trouble with the desk.
    }
  }

  /** The desk found no header row in the sheet: it may be read without one. */
  get noHeaderRowFound(): boolean {
    return this.error?.noHeaderRow !== undefined;
  }

  /** The sheet is read without a header row: every row a payment, its columns named by letter. */
  get headerless(): boolean {
    return this.inspection?.header_row === 0;
  }

  get hasNativeDialog(): boolean {
    return typeof desk.shell.chooseSheet === 'function';
  }

  /** The batches a sheet can be added to: ready, and imported from a sheet. */
  get appendable(): BatchOption[] {
    return this.batches.filter((batch) => batch.state === 'ready' && batch.source !== null);
  }

  get busy(): boolean {
    return this.uploading !== null || this.inspecting || this.importing !== null;
  }

  get canNext(): boolean {
    return this.inspection !== null && !this.busy && this.step !== 'import' && !this.mappingRefused;
  }

  get canBack(): boolean {
    return this.step !== 'file' && this.importing === null && this.summary === null;
  }

  next(): void {
    const at = STEPS.findIndex((step) => step.id === this.step);
    if (this.canNext) this.goTo(STEPS[at + 1]!.id);
  }

  back(): void {
    const at = STEPS.findIndex((step) => step.id === this.step);
    if (this.canBack) this.goTo(STEPS[at - 1]!.id);
  }

  goTo(step: StepId): void {
    if (step !== 'file' && this.inspection === null) return;
    if (this.importing || this.summary) return;
    this.step = step;
  }

  /** A sheet dropped onto the window before the wizard opened. */
  takeDropped(): void {
    const { file, path } = droppedSheet;
    droppedSheet.file = null;
    droppedSheet.path = null;
    if (file) void this.pick(file);
    else if (path) void this.#open(nameOf(path), async () => path);
  }

  pick(file: PickedFile): Promise<void> {
    return this.#open(file.name, () => desk.shell.sheetPath(file), true);
  }

  /** Electron's own "open sheet" dialog. */
  async chooseNative(): Promise<void> {
    const path = await desk.shell.chooseSheet?.();
    if (path) await this.#open(nameOf(path), async () => path);
  }

  async #open(name: string, pathOf: () => Promise<string>, upload = false): Promise<void> {
    this.#release();
    this.file = null;
    this.inspection = null;
    this.#choice = {};
    this.dateOrder = null;
    this.#overrides = {};
    this.mappingRefused = false;
    this.#base = new Map();
    this.error = null;
    this.step = 'file';
    if (upload) this.uploading = name;
    try {
      this.file = { name, path: await pathOf() };
    } catch (error) {
      this.error = { step: 'file', message: `${name} could not be opened: ${messageOf(error)}` };
      return;
    } finally {
      this.uploading = null;
    }
    if (!(await this.#inspect({})) && !this.noHeaderRowFound) {
      // A file the desk cannot read is not kept: another one is picked in its place. One with
      // no header row is, to be read without one if the person says so.
      this.#release();
      this.file = null;
    }
  }

  /**
   * The sheet the desk found no header row in, read as having none: every row a payment, the
   * columns mapped by their letters in the mapping step.
   */
  readWithoutHeaderRow(): Promise<boolean> {
    const sheet = this.error?.noHeaderRow?.sheet;
    return this.#inspect({ ...(sheet ? { sheet } : {}), mapping: NO_HEADER_ROW });
  }

  chooseSheet(sheet: string): Promise<boolean> {
    return this.#inspect({ sheet });
  }

  /** Another header row: the mapping given for the old headers no longer names these. */
  chooseHeaderRow(row: number): Promise<boolean> {
    if (row === this.inspection?.header_row) return Promise.resolve(true);
    return this.#inspect({ sheet: this.inspection?.sheet, header_row: row });
  }

  /**
   * One column's field. Only the person's choices are given: the desk keeps its proposal for
   * the other columns, and says how sure it is of them. A saved mapping is given whole, as a
   * column left to the proposal could then take another field than the saved one.
   */
  setField(header: string, field: string | null): Promise<boolean> {
    const overrides = { ...this.#overrides, [header]: field };
    const base = this.#savedBase() ? this.#baseMapping() : {};
    return this.#inspect(
      { ...this.#fixed(), mapping: { ...base, ...overrides } },
      overrides,
      false,
      true,
    );
  }

  /**
   * The field a column is shown with: the person's choice, refused by the desk or not, else
   * the desk's. A refused choice (two columns for the amount) is kept and shown, for the next
   * change to build on: dropped, the select showed the old field while the error said the
   * new one, and clearing the other column then cleared both.
   */
  fieldOf(column: { header: string; field: string | null }): string | null {
    return column.header in this.#overrides
      ? (this.#overrides[column.header] ?? null)
      : column.field;
  }

  /**
   * Dates such as 05/04/2030 read day first or month first, as the person knows the sheet was
   * written; null: as the desk judges them (a column's other dates decide, else each such date
   * is an issue to settle).
   */
  setDateOrder(order: DateOrder | null): Promise<boolean> {
    const { date_order: _said, ...choice } = this.#choice;
    return this.#inspect({ ...choice, ...(order ? { date_order: order } : {}) }, this.#overrides);
  }

  /** Back to the mapping saved for these headers: the desk takes it when none is given. */
  useSavedMapping(): Promise<boolean> {
    return this.#inspect(this.#fixed());
  }

  /**
   * How sure the mapping is of a column: "given" for the person's choices; a column they did
   * not touch keeps what the desk said of it before their first change (given back whole, a
   * saved mapping is all "given" to the desk).
   */
  confidenceOf(column: { header: string; field: string | null; confidence: Confidence | null }) {
    if (column.header in this.#overrides) return 'given';
    const base = this.#base.get(column.header);
    return base && base.field === column.field ? base.confidence : column.confidence;
  }

  #savedBase(): boolean {
    return [...this.#base.values()].some((column) => column.confidence === 'saved');
  }

  #baseMapping(): Mapping {
    return Object.fromEntries([...this.#base].map(([header, column]) => [header, column.field]));
  }

  /**
   * The sheet and header row shown, so that a new mapping does not move them. A sheet read
   * without a header row has none to give: the mapping by letters keeps it so.
   */
  #fixed(): Choice {
    const inspection = this.inspection;
    if (!inspection) return {};
    const said = this.#choice.date_order ? { date_order: this.#choice.date_order } : {};
    if (this.headerless) return { sheet: inspection.sheet, ...said };
    return { sheet: inspection.sheet, header_row: inspection.header_row, ...said };
  }

  /**
   * Asks the desk again with `choice`; on a refusal the last inspection stays, as it was. A
   * `quiet` one (the group proposed changed the wallet the rows are judged against) brings the
   * preview up to date without holding the wizard busy: Next stays as the person left it.
   */
  async #inspect(
    choice: Choice,
    overrides: Mapping = {},
    quiet = false,
    /** A mapping the person chose: kept, though refused, until a change the desk takes. */
    chosen = false,
  ): Promise<boolean> {
    const file = this.file;
    if (!file) return false;
    const call = ++this.#inspections;
    if (!quiet) this.inspecting = true;
    let propose = false;
    try {
      const inspection = await desk.inspectSheet({
        file: file.path,
        ...choice,
        preview_rows: PREVIEW_ROWS,
        ...(this.group.id ? { group_id: this.group.id } : {}),
      });
      if (call !== this.#inspections) return false;
      this.inspection = inspection;
      if (choice.header_row === undefined) this.guessedHeader = inspection.header_row;
      this.#choice = choice;
      this.dateOrder = choice.date_order ?? null;
      this.#overrides = overrides;
      this.mappingRefused = false;
      // The columns as the desk mapped them before any choice; for a sheet without a header
      // row, before any column was mapped.
      if (!choice.mapping || choice.mapping === NO_HEADER_ROW) {
        this.#base = new Map(inspection.columns.map((c) => [c.header, c]));
      }
      this.error = null;
      propose = true;
      return true;
    } catch (error) {
      if (call !== this.#inspections) return false;
      this.error = { step: this.step, message: sentenceOf(error) };
      if (chosen) {
        this.#overrides = overrides;
        this.mappingRefused = true;
      }
      if (detailsOf(error)?.reason === 'no_payment_list' && !choice.mapping) {
        this.error.noHeaderRow = choice.sheet ? { sheet: choice.sheet } : {};
      }
      return false;
    } finally {
      if (call === this.#inspections) this.inspecting = false;
      // Once this inspection is no longer busy: the one it may start is quiet.
      if (propose) this.#proposeGroup();
    }
  }

  async loadBatches(): Promise<void> {
    try {
      this.batches = (await desk.listBatches({})).batches;
    } catch (error) {
      this.error = { step: this.step, message: sentenceOf(error) };
    }
  }

  /** The groups, then the one proposed for the sheet if it was read first. */
  async loadGroups(): Promise<void> {
    if (await this.group.load()) this.#proposeGroup();
  }

  /** A group proposed for the sheet is the one its preview is judged against: read again. */
  #proposeGroup(): void {
    if (this.group.propose(this.inspection))
      void this.#inspect(this.#choice, this.#overrides, true);
  }

  async startImport(): Promise<void> {
    const { file, inspection } = this;
    if (!file || !inspection || this.importing) return;
    const jobId = crypto.randomUUID();
    const name = this.batchName.trim();
    const input: DeskInput<'importSheet'> = {
      file: file.path,
      ...this.#fixed(),
      ...(this.#choice.mapping ? { mapping: this.#choice.mapping } : {}),
      job_id: jobId,
      ...(this.target === 'append'
        ? { append_to: this.appendTo }
        : {
            ...(name ? { batch_name: name } : {}),
            ...(this.group.id ? { group_id: this.group.id } : {}),
            service_approval: this.serviceApproval,
          }),
    };
    this.error = null;
    this.cancelled = null;
    this.importing = { jobId, rows: 0, drafts: 0, fraction: null, cancelling: false };
    try {
      this.summary = await desk.importSheet(input);
      void this.loadBatches();
    } catch (error) {
      if (codeOf(error) === 'cancelled') {
        this.cancelled =
          this.target === 'append'
            ? 'Import cancelled: nothing was added to the batch.'
            : 'Import cancelled: no batch was created, and nothing of the sheet was kept.';
      } else {
        this.error = { step: 'import', message: sentenceOf(error) };
      }
    } finally {
      this.importing = null;
      if (this.#disposed) this.#release();
    }
  }

  async cancel(): Promise<void> {
    const job = this.importing;
    if (!job || job.cancelling) return;
    job.cancelling = true;
    try {
      await desk.cancelJob({ job_id: job.jobId });
    } catch (error) {
      job.cancelling = false;
      this.error = { step: 'import', message: sentenceOf(error) };
    }
  }

  /** Another sheet, from the start; the batch list is read again (it has the new one). */
  restart(): void {
    this.#release();
    this.file = null;
    this.inspection = null;
    this.summary = null;
    this.cancelled = null;
    this.error = null;
    this.errorsOnly = false;
    this.batchName = '';
    this.group.forgetProposal();
    this.#choice = {};
    this.dateOrder = null;
    this.#overrides = {};
    this.step = 'file';
    void this.loadBatches();
  }

  /** The wizard is left: events no longer wanted, the uploaded copy removed (once read). */
  dispose(): void {
    this.#disposed = true;
    this.#unsubscribe();
    if (!this.importing) this.#release();
  }

  #onEvent(event: DeskEvent): void {
    const job = this.importing;
    if (!job) return;
    if (event.type === 'import.progress' && event.job_id === job.jobId) {
      job.rows = event.rows;
      job.drafts = event.drafts ?? job.drafts;
      job.fraction = event.fraction ?? job.fraction;
    }
  }

  /** The host's copy of an uploaded sheet is removed; never while an import reads it. */
  #release(): void {
    const path = this.file?.path;
    if (!path || this.importing) return;
    void desk.shell.releaseSheet(path).catch(() => {
      // The host removes its uploads when it closes anyway; nothing the person can act on.
    });
  }
}

/** A path's last part: the name a person knows the file by. */
function nameOf(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}
