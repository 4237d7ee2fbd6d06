// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EpcPartsResult } from '@partsmall/contract';
import { Diagram } from './Diagram';

afterEach(cleanup);

/** A drawing with one callout, as getCarsPartsEx answers it. */
const RESULT = {
  img_path: '/uploads/drawing.svg',
  fullPath: '브레이크 > 앞 브레이크',
  pctWidth: 4,
  pctHeight: 4,
  img_points: [{ hsKey: '1', hsX: 50, hsY: 50, maxX: 100, maxY: 100 }],
  part_detail: [],
} as unknown as EpcPartsResult;

function show() {
  render(<Diagram result={RESULT} active={null} centre={null} onPick={() => undefined} onHover={() => undefined} />);
}

const scale = () => screen.getByTestId('epc-scale').textContent;
/** Clicks one after another faster than the 150 ms a step takes to draw. */
async function clickQuickly(name: string, times: number) {
  for (let i = 0; i < times; i++) {
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name }));
      await new Promise((r) => setTimeout(r, 30));
    });
  }
}

describe('the drawing’s zoom buttons', () => {
  it('two quick ＋ go to 200 % (the second step started from the moving scale and stopped at 150 %)', async () => {
    show();
    await clickQuickly('확대', 2);
    await waitFor(() => expect(scale()).toBe('200%'), { timeout: 2000 });
    await new Promise((r) => setTimeout(r, 300));
    expect(scale()).toBe('200%');
  });

  it('five quick ＋ stop at 300 %; then three quick － go to 225 %', async () => {
    show();
    await clickQuickly('확대', 5);
    await waitFor(() => expect(scale()).toBe('300%'), { timeout: 2000 });
    await clickQuickly('축소', 3);
    await waitFor(() => expect(scale()).toBe('225%'), { timeout: 2000 });
    await new Promise((r) => setTimeout(r, 300));
    expect(scale()).toBe('225%');
  });
});
