import { describe, expect, it } from 'vitest';
import { shownToasts } from '../../renderer/components/Toasts';
import type { Toast } from '../../renderer/store/ui-slice';

const toast = (id: number, kind: Toast['kind']): Toast => ({ id, kind, message: `${kind} ${id}` });

/** Which notices show: every error, and only the newest good news, so they never pile over the page. */
describe('shownToasts', () => {
  it('keeps only the newest good news', () => {
    expect(shownToasts([toast(1, 'success'), toast(2, 'info'), toast(3, 'success')]).map((t) => t.id)).toEqual([3]);
  });

  it('keeps every error, in order, beside the newest good news', () => {
    const shown = shownToasts([toast(1, 'error'), toast(2, 'success'), toast(3, 'error'), toast(4, 'success')]);
    expect(shown.map((t) => t.id)).toEqual([1, 3, 4]);
  });

  it('shows nothing when there is nothing to say', () => {
    expect(shownToasts([])).toEqual([]);
  });
});
