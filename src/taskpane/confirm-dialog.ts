import { byId } from './dom';

/**
 * Asks a yes/no question in a modal dialog and resolves with the answer. Focus starts on the safe
 * choice ("Keep my cells"), Escape answers no, and focus returns to where it was.
 */
export function confirmDialog(text: string): Promise<boolean> {
  const dialog = byId<HTMLDialogElement>('confirm-dialog');
  const yes = byId<HTMLButtonElement>('confirm-yes');
  const no = byId<HTMLButtonElement>('confirm-no');
  byId('confirm-text').textContent = text;
  const returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  return new Promise<boolean>((resolve) => {
    const finish = (answer: boolean): void => {
      yes.removeEventListener('click', onYes);
      no.removeEventListener('click', onNo);
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open) dialog.close();
      returnFocus?.focus();
      resolve(answer);
    };
    const onYes = (): void => finish(true);
    const onNo = (): void => finish(false);
    const onCancel = (e: Event): void => {
      e.preventDefault();
      finish(false);
    };
    yes.addEventListener('click', onYes);
    no.addEventListener('click', onNo);
    dialog.addEventListener('cancel', onCancel);
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    no.focus();
  });
}
