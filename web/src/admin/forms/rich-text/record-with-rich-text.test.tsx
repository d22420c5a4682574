import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DRAFT_PREFIX, keepDraftsOnSignOut } from '../drafts';
import { toaster } from '../../../components/notifications';
import { article } from '../../collections/news-fixture';
import { installProseMirrorDom } from '../../test/prosemirror-dom';
import { SIGNED_IN, fakeServer, renderAdmin } from '../../test/render-admin';
import { listAnswer } from '../../test/list-answer';
import { publicationAnswer } from '../../test/workflow-answers';

// An article with rich text and a page of its own in the edit dialog (issue 24): the editor opens
// on the stored document (or on the paragraphs of plain text stored before), the slug shows the
// page's address under 'Page and sharing', and a draft, saved or kept when the session ends,
// carries the document.

jest.setTimeout(60_000);
installProseMirrorDom();
afterEach(() => {
  toaster.remove();
  sessionStorage.clear();
});

const document = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Phase two' }] },
    { type: 'paragraph', content: [{ type: 'text', text: 'The northern lines.', marks: [{ type: 'bold' }] }] },
  ],
};
const rich = { ...article(1), title: 'Opening in Muscat', slug: 'opening-in-muscat', content: 'Phase two\n\nThe northern lines.', contentDocument: document };
const plain = { ...article(2), title: 'Award', slug: 'award', content: 'First paragraph\n\nSecond paragraph', contentDocument: null };

function server() {
  return fakeServer({
    AdminMe: SIGNED_IN,
    AdminNewsList: (variables) => listAnswer('news', [rich, plain], variables),
    AdminSaveNewsDraft: ({ id }) => ({ data: { saveNewsDraft: publicationAnswer('news', Number(id), { state: 'CHANGED', hasDraft: true, draftVersion: 1 }) } }),
    AdminUpdateNews: ({ id }) => ({ data: { updateNews: { __typename: 'News', id } } }),
  });
}

async function openEdit(title: string) {
  const fake = server();
  renderAdmin('/admin/news', { server: fake });
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: `Edit ${title}` }));
  const dialog = screen.getByRole('dialog', { name: 'Edit News' });
  const editor = await within(dialog).findByRole('textbox', { name: 'Content' });
  return { fake, user, dialog, editor };
}

describe('a news article with rich text and a page of its own', () => {
  it('opens on its document, and its slug under Page and sharing shows the page address', async () => {
    const { fake, user, dialog, editor } = await openEdit('Opening in Muscat');
    expect(within(editor).getByRole('heading', { level: 2, name: 'Phase two' })).toBeInTheDocument();
    expect(editor.querySelector('strong')).toHaveTextContent('The northern lines.');

    const page = within(dialog).getByRole('group', { name: 'Page and sharing' });
    const slug = within(page).getByRole('textbox', { name: 'Slug' });
    expect(slug).toHaveValue('opening-in-muscat');
    expect(slug).toHaveAccessibleDescription(
      'Lower-case words joined by hyphens; made from the title when left empty. Changing it keeps the old address working (it redirects). Page address: /news/opening-in-muscat',
    );
    expect(within(page).getByRole('textbox', { name: 'Page Title' })).toBeInTheDocument();
    expect(within(page).getByRole('textbox', { name: 'Page Description' })).toBeInTheDocument();

    await user.clear(slug);
    expect(within(page).getByTestId('page-address')).toHaveTextContent('/news/...');
    expect(page).toHaveTextContent('(made from the title when saved)');
    await user.type(slug, 'Muscat Office');
    await user.tab();
    expect(await within(page).findByText('Slug may hold only lower-case letters, digits and single hyphens between words')).toBeInTheDocument();
    expect(slug).toHaveAccessibleDescription(expect.stringContaining('Slug may hold only lower-case letters'));
    await user.clear(slug);
    await user.type(slug, 'muscat-office');
    expect(within(page).getByTestId('page-address')).toHaveTextContent('/news/muscat-office');

    // Saved unchanged apart from the slug, the document goes back as it came.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.callsOf('AdminUpdateNews')).toHaveLength(1));
    expect(fake.callsOf('AdminUpdateNews')[0]!.input).toMatchObject({ slug: 'muscat-office', contentDocument: document });
  });

  it('opens plain text stored before rich text as its paragraphs', async () => {
    const { editor } = await openEdit('Award');
    expect([...editor.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['First paragraph', 'Second paragraph']);
  });

  it('sends the document with a save and a draft, and keeps it when the session ends', async () => {
    const { fake, user, dialog } = await openEdit('Opening in Muscat');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.callsOf('AdminUpdateNews')).toHaveLength(1));
    const saved = fake.callsOf('AdminUpdateNews')[0]!.input as Record<string, unknown>;
    expect(saved.contentDocument).toEqual(document);
    expect(saved).not.toHaveProperty('content');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit News' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Edit Opening in Muscat' }));
    const again = screen.getByRole('dialog', { name: 'Edit News' });
    const content = (await within(again).findByRole('textbox', { name: 'Content' })) as HTMLElement & { editor: { commands: { insertContent(text: string): boolean } } };
    // Typing in the text: the form holds the new document, unsaved.
    act(() => {
      content.editor.commands.insertContent(' More.');
    });
    // The session ends: the dirty form's values, the document with them, are kept for after signing in.
    await waitFor(() => {
      keepDraftsOnSignOut();
      expect(sessionStorage.getItem(`${DRAFT_PREFIX}news:1`)).not.toBeNull();
    });
    const kept = JSON.parse(sessionStorage.getItem(`${DRAFT_PREFIX}news:1`)!) as { values: { content: { type: string; content: unknown[] } } };
    expect(kept.values.content.type).toBe('doc');
    expect(kept.values.content.content).toHaveLength(2);
    expect(JSON.stringify(kept.values.content)).toContain('More.');

    await user.click(within(again).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(fake.callsOf('AdminSaveNewsDraft')).toHaveLength(1));
    const draft = fake.callsOf('AdminSaveNewsDraft')[0]!.input as Record<string, unknown>;
    expect(JSON.stringify(draft.contentDocument)).toContain('More.');
    expect(draft).not.toHaveProperty('content');
  });
});
