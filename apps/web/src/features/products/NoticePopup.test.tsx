// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { NoticePopup } from './NoticePopup';
import { renderScreen } from '../../../test/render-screen';

/**
 * The home notice popup (300x300, docs/requirements.md#shop-screens): its title is cut to a few lines
 * so the notice's text keeps its room, and the whole title is one click away on the notice page.
 */
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const title = `${'매우긴제목'.repeat(30)}${'A'.repeat(50)}`;

describe('the home notice popup', () => {
  it("its title links to the notice's page, with the whole title as the link's name and tooltip", () => {
    renderScreen(<NoticePopup notice={{ seq: 7, title, content: '<p>본문</p>' }} />, new QueryClient());
    const popup = screen.getByRole('dialog', { name: title });
    const link = within(within(popup).getByRole('heading')).getByRole('link', { name: title });
    expect(link.getAttribute('href')).toBe('/notice/7');
    expect(link.getAttribute('title')).toBe(title);
    expect(link.className).toBe('notice-popup-title');
  });
});
