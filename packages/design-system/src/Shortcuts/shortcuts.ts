/**
 * The app's keyboard shortcuts (issue 22 item 6): one table, read by the key handler and by the
 * help dialog, so the help never lists a key that does nothing.
 *
 * Keys are matched on `event.code` (the physical key), not `event.key`: with the Thai layout
 * active, the key marked N types "ื", and a shortcut must still work without switching layouts.
 */

export type ShortcutName = 'palette' | 'help' | 'new' | 'save' | 'search' | 'nextPage' | 'previousPage';

export interface Shortcut {
  /** `KeyboardEvent.code` of the key. */
  readonly code: string;
  /** Ctrl on Windows/Linux, ⌘ on a Mac. */
  readonly mod?: boolean;
  readonly shift?: boolean;
  /** What the key shows in the help dialog (the Latin character printed on it). */
  readonly keyLabel: string;
  /** Thai: what it does. */
  readonly label: string;
  /**
   * Also fires while typing in a text field. Only the palette and save do: every other shortcut
   * is a plain key, which a text field needs for typing.
   */
  readonly inTextField?: boolean;
}

export const shortcuts: Readonly<Record<ShortcutName, Shortcut>> = {
  palette: { code: 'KeyK', mod: true, keyLabel: 'K', label: 'ไปยังหน้าจอหรือค้นหาเอกสาร', inTextField: true },
  help: { code: 'Slash', shift: true, keyLabel: '?', label: 'แสดงคีย์ลัดทั้งหมด' },
  new: { code: 'KeyN', keyLabel: 'N', label: 'เพิ่มรายการใหม่' },
  save: { code: 'KeyS', mod: true, keyLabel: 'S', label: 'บันทึกฟอร์มที่เปิดอยู่', inTextField: true },
  search: { code: 'Slash', keyLabel: '/', label: 'ไปที่ช่องค้นหาของรายการ' },
  nextPage: { code: 'BracketRight', keyLabel: ']', label: 'หน้าถัดไปของรายการ' },
  previousPage: { code: 'BracketLeft', keyLabel: '[', label: 'หน้าก่อนหน้าของรายการ' },
};

/** The help dialog's groups, in the order it lists them. */
export const shortcutGroups: readonly { readonly label: string; readonly names: readonly ShortcutName[] }[] =
  [
    { label: 'ทั่วไป', names: ['palette', 'help'] },
    { label: 'หน้ารายการ', names: ['new', 'search', 'nextPage', 'previousPage'] },
    { label: 'ฟอร์ม', names: ['save'] },
  ];

export function isMac(platform = typeof navigator === 'undefined' ? '' : navigator.platform): boolean {
  return /Mac|iPhone|iPad/.test(platform);
}

/** The keys of a shortcut as the help dialog shows them: `['Ctrl', 'K']`, `['⌘', 'K']`, `['Shift', '?']`. */
export function shortcutKeys(shortcut: Shortcut, mac = isMac()): string[] {
  const keys: string[] = [];
  if (shortcut.mod) keys.push(mac ? '⌘' : 'Ctrl');
  keys.push(shortcut.keyLabel);
  return keys;
}

type KeyEventLike = Pick<KeyboardEvent, 'code' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>;

export function matchesShortcut(event: KeyEventLike, shortcut: Shortcut, mac = isMac()): boolean {
  const mod = mac ? event.metaKey : event.ctrlKey;
  const otherMod = mac ? event.ctrlKey : event.metaKey;
  return (
    event.code === shortcut.code &&
    mod === Boolean(shortcut.mod) &&
    !otherMod &&
    !event.altKey &&
    event.shiftKey === Boolean(shortcut.shift)
  );
}

const nonTextInputs = new Set([
  'button',
  'checkbox',
  'radio',
  'submit',
  'reset',
  'file',
  'image',
  'range',
  'color',
]);
const textRoles = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);

/** Whether keys typed at `target` are text: inputs, text areas, selects, the date fields' segments. */
export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLInputElement) return !nonTextInputs.has(target.type);
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  return textRoles.has(target.getAttribute('role') ?? '');
}
