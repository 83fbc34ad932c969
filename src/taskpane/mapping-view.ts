import { errorMessage } from '../domain/error-message';
import {
  detectMapping,
  FIELD_DESCRIPTIONS,
  FIELD_LABELS,
  fromStoredMapping,
  INPUT_FIELDS,
  positionalMapping,
  toStoredMapping,
  type ColumnMapping,
  type InputField,
} from '../domain/column-mapping';
import { columnLetters } from '../excel/address';
import { readSelection, type SelectionBlock } from '../excel/selection-reader';
import { loadStoredMapping, saveStoredMapping } from '../excel/workbook-settings';
import { busy, byId } from './dom';
import { mappingTexts as T } from './texts';

/**
 * The "Columns" section: shows which column feeds which field, lets the user fix it with one select per
 * field, and remembers the choice in the workbook (per sheet, by header name).
 */

/** What the mapping needs of a block: its sheet, its width and its header row (a selection or a builder's block). */
type MappedBlock = Pick<SelectionBlock, 'sheetName' | 'width' | 'headerCells'>;

function headersOf(block: MappedBlock): unknown[] | null {
  return block.headerCells ? block.headerCells.slice(0, block.width) : null;
}

/** Remembered choices first, then what the headers say (or the spec's column order without headers). */
export function resolveMapping(block: MappedBlock): ColumnMapping {
  const headers = headersOf(block);
  const detected = headers ? detectMapping(headers) : positionalMapping(block.width);
  const stored = loadStoredMapping(block.sheetName);
  if (!stored) return detected;
  const mapping: ColumnMapping = fromStoredMapping(stored, headers, block.width);
  const taken = new Set(Object.values(mapping));
  for (const field of INPUT_FIELDS) {
    const col = detected[field];
    if (mapping[field] === undefined && col !== undefined && !taken.has(col) && stored[field] === undefined) {
      mapping[field] = col;
      taken.add(col);
    }
  }
  return mapping;
}

export function renderMapping(block: SelectionBlock, mapping: ColumnMapping): void {
  const host = byId('mapping');
  byId('mapping-source').textContent = T.source(block);
  host.replaceChildren();
  const headers = headersOf(block);
  const sample = block.rows.find((_, i) => !block.hidden[i]) ?? [];
  const options: Array<{ value: string; text: string }> = [{ value: '', text: T.notUsed }];
  for (let c = 0; c < block.width; c++) {
    const h = headers?.[c];
    const label =
      typeof h === 'string' && h.trim() !== '' ? h : T.example(String(sample[c] ?? '').slice(0, 24));
    options.push({ value: String(c), text: `${columnLetters(block.firstCol + c)} · ${label}` });
  }
  for (const field of INPUT_FIELDS) {
    const id = `map-${field}`;
    const label = document.createElement('label');
    label.htmlFor = id;
    label.textContent = FIELD_DESCRIPTIONS[field];
    label.title = FIELD_LABELS[field];
    if (field === 'title') label.classList.add('required');
    const select = document.createElement('select');
    select.id = id;
    select.dataset.testid = id;
    select.dataset.field = field;
    for (const o of options) select.add(new Option(o.text, o.value));
    const col = mapping[field];
    select.value = col === undefined ? '' : String(col);
    select.addEventListener('change', () => void onSelectChange(block, field));
    host.append(label, select);
  }
}

/** Reads the selects back into a mapping. */
function mappingFromSelects(): ColumnMapping {
  const mapping: ColumnMapping = {};
  for (const field of INPUT_FIELDS) {
    const select = document.getElementById(`map-${field}`) as HTMLSelectElement | null;
    if (select && select.value !== '') mapping[field] = Number(select.value);
  }
  return mapping;
}

async function onSelectChange(block: SelectionBlock, field: InputField): Promise<void> {
  const mapping = mappingFromSelects();
  // One column feeds one field: choosing a column taken by another field frees it there.
  const col = mapping[field];
  for (const other of INPUT_FIELDS) {
    if (other !== field && col !== undefined && mapping[other] === col) {
      delete mapping[other];
      const select = document.getElementById(`map-${other}`) as HTMLSelectElement | null;
      if (select) select.value = '';
    }
  }
  try {
    await saveStoredMapping(block.sheetName, toStoredMapping(mapping, headersOf(block)));
    byId('mapping-source').textContent = T.source(block) + T.saved;
  } catch (err) {
    byId('mapping-source').textContent = T.notSaved(errorMessage(err));
  }
}

async function detectColumns(): Promise<void> {
  try {
    const block = await readSelection();
    renderMapping(block, resolveMapping(block));
  } catch (err) {
    byId('mapping-source').textContent = errorMessage(err);
  }
}

/** Wires "Detect columns", which shows the mapping of the rows selected now. */
export function initMappingView(): void {
  const detect = byId<HTMLButtonElement>('detect-columns');
  detect.addEventListener('click', busy(detect, detectColumns));
}
