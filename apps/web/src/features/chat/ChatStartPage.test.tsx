// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatStartPage } from './ChatStartPage';
import { renderScreen } from '../../../test/render-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderJoin() {
  return renderScreen(
    <Routes>
      <Route path="/chatStart/:route?" element={<ChatStartPage loggedIn={null} />} />
    </Routes>,
    new QueryClient(),
    '/chatStart/chatJoin',
  );
}

describe('the chat sign-up form (/chatStart/chatJoin)', () => {
  it('submitted empty, its popup names the first field on screen, the one marked and focused: 상호', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderJoin();
    fireEvent.click(screen.getByRole('button', { name: '가입하고 상담 시작' }));
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    const hints = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(hints[0]).toBe('상호를 입력하세요.');
    expect(screen.getByRole('alertdialog').textContent).toContain('상호를 입력하세요.');
    expect(screen.getByRole('alertdialog').textContent).not.toContain('사업 지역을 입력하세요.');
    fireEvent.click(screen.getByRole('button', { name: '확인' }));
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    expect(document.activeElement).toBe(screen.getByLabelText('상호'));
    expect(fetch).not.toHaveBeenCalled();
  });
});
