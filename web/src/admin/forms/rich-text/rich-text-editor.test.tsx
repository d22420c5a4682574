import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { checkRichText, type RichTextDocument } from '@consulting/model';
import { toaster } from '../../../components/notifications';
import { article } from '../../collections/news-fixture';
import { axeViolations } from '../../../test/axe-violations';
import { installProseMirrorDom } from '../../test/prosemirror-dom';
import { SIGNED_IN, fakeServer, gqlError, renderAdmin, type Handler } from '../../test/render-admin';
import { listAnswer } from '../../test/list-answer';
import type { ImageUploader } from '../upload-image';

// The news dialog's rich-text editor (issue 24): what staff make with the toolbar, the link form
// and the picture form is a document of the model's allowlist, sent as contentDocument; a link
// the site does not allow is refused in the form; the dialog passes axe with the editor, its link
// form and a field error.

jest.setTimeout(60_000);
installProseMirrorDom();
afterEach(() => toaster.remove());

type EditorElement = HTMLElement & { editor: { commands: { focus(position: 'end'): boolean }; getJSON(): unknown } };

function newsServer(handlers: Record<string, Handler> = {}) {
  return fakeServer({
    AdminMe: SIGNED_IN,
    AdminNewsList: (variables) => listAnswer('news', [article(1)], variables),
    AdminCreateNews: () => ({ data: { createNews: { __typename: 'News', id: 2 } } }),
    ...handlers,
  });
}

async function openAddNews(options: { handlers?: Record<string, Handler>; uploader?: ImageUploader } = {}) {
  const server = newsServer(options.handlers);
  renderAdmin('/admin/news', { server, uploader: options.uploader ?? (async () => '/uploads/rail-map.png') });
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: /Add News/ }));
  const dialog = screen.getByRole('dialog', { name: 'Add News' });
  // The editor is its own chunk: it arrives a moment after the dialog.
  const editor = (await within(dialog).findByRole('textbox', { name: 'Content' })) as EditorElement;
  return { server, user, dialog, editor };
}

/** Puts the caret at the end of the text (where a click below the last line would: jsdom has no layout to click on). */
async function caretAtEnd(editor: EditorElement) {
  act(() => {
    editor.editor.commands.focus('end');
  });
  // The editor focuses on the next animation frame.
  await waitFor(() => expect(editor).toHaveFocus());
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'Rail phase two');
  await user.type(within(dialog).getByRole('textbox', { name: /^Brief/ }), 'The second phase begins.');
  await user.upload(within(dialog).getByLabelText('Picture file'), new File(['png'], 'cover.png', { type: 'image/png' }));
  await within(dialog).findByText('/uploads/rail-map.png');
}

describe('the rich-text editor in the news dialog', () => {
  it('is a labelled multi-line text box with a toolbar of named buttons, toggles saying whether they are on', async () => {
    const { user, editor } = await openAddNews();
    expect(editor).toHaveAttribute('aria-multiline', 'true');
    expect(editor).toHaveAttribute('contenteditable', 'true');
    const toolbar = screen.getByRole('toolbar', { name: 'Content formatting' });
    const names = within(toolbar)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual(['Heading 2', 'Heading 3', 'Heading 4', 'Bold', 'Italic', 'Link', 'Bulleted list', 'Numbered list', 'Quote', 'Insert image']);
    // One tab stop; the arrow keys move along the toolbar.
    expect(within(toolbar).getAllByRole('button').filter((b) => b.tabIndex === 0)).toHaveLength(1);
    within(toolbar).getByRole('button', { name: 'Heading 2' }).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(within(toolbar).getByRole('button', { name: 'Bold' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(within(toolbar).getByRole('button', { name: 'Insert image' })).toHaveFocus();

    await caretAtEnd(editor);
    await user.click(within(toolbar).getByRole('button', { name: 'Bold' }));
    expect(within(toolbar).getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(toolbar).getByRole('button', { name: 'Italic' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('makes a heading, a list, a link and a picture into an allowed document, sent as contentDocument', async () => {
    const { server, user, dialog, editor } = await openAddNews();
    await fillRequired(user, dialog);
    const toolbar = within(dialog).getByRole('toolbar', { name: 'Content formatting' });

    await caretAtEnd(editor);
    await user.keyboard('Phase two');
    await user.click(within(toolbar).getByRole('button', { name: 'Heading 2' }));
    expect(within(toolbar).getByRole('button', { name: 'Heading 2' })).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{Enter}');
    await user.click(within(toolbar).getByRole('button', { name: 'Bulleted list' }));
    await user.keyboard('Northern lines');
    await user.keyboard('{Enter}{Enter}');

    // A link with nothing selected: the address becomes the linked text.
    await user.click(within(toolbar).getByRole('button', { name: 'Link' }));
    const linkForm = within(dialog).getByRole('group', { name: 'Add link' });
    await user.type(within(linkForm).getByRole('textbox', { name: 'Link address' }), 'example.com/plan');
    await user.click(within(linkForm).getByRole('button', { name: 'Add link' }));
    expect(within(dialog).queryByRole('group', { name: 'Add link' })).not.toBeInTheDocument();

    // A picture: uploaded through the admin's upload, with its alt text.
    await user.click(within(toolbar).getByRole('button', { name: 'Insert image' }));
    const imageForm = within(dialog).getByRole('group', { name: 'Insert image' });
    await user.click(within(imageForm).getByRole('button', { name: 'Insert picture' }));
    expect(within(imageForm).getByText('Upload a picture first')).toBeInTheDocument();
    expect(within(imageForm).getByText('Alt text is required: describe what the picture shows')).toBeInTheDocument();
    await user.upload(within(imageForm).getByLabelText('Picture file for the text'), new File(['png'], 'map.png', { type: 'image/png' }));
    await waitFor(() => expect(within(imageForm).getByRole('button', { name: /Replace picture/ })).toBeInTheDocument());
    await user.type(within(imageForm).getByRole('textbox', { name: /Alt text/ }), 'Map of the northern lines');
    await user.click(within(imageForm).getByRole('button', { name: 'Insert picture' }));
    expect(within(editor).getByRole('img', { name: 'Map of the northern lines' })).toHaveAttribute('src', '/uploads/rail-map.png');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsOf('AdminCreateNews')).toHaveLength(1));
    const input = server.callsOf('AdminCreateNews')[0]!.input as Record<string, unknown>;
    expect(input).not.toHaveProperty('content');
    const sent = input.contentDocument as RichTextDocument;
    expect(sent).toEqual({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Phase two' }] },
        { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Northern lines' }] }] }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'https://example.com/plan', marks: [{ type: 'link', attrs: { href: 'https://example.com/plan' } }] }] },
        { type: 'image', attrs: { src: '/uploads/rail-map.png', alt: 'Map of the northern lines' } },
      ],
    });
    // Exactly what the server's check keeps: nothing outside the allowlist, nothing to drop.
    expect(checkRichText('Content', sent)).toEqual({ value: sent });
  });

  it("changes a picture's alt text later, and refuses to save it empty", async () => {
    const { user, dialog, editor } = await openAddNews();
    const pm = editor as EditorElement & { editor: { commands: { setContent(doc: object): boolean; setNodeSelection(pos: number): boolean } } };
    act(() => {
      pm.editor.commands.setContent({ type: 'doc', content: [{ type: 'image', attrs: { src: '/uploads/map.png', alt: 'Old map' } }, { type: 'paragraph' }] });
      // Where a click on the picture would put the selection (jsdom has no layout to click on).
      pm.editor.commands.setNodeSelection(0);
    });
    await user.click(await within(dialog).findByRole('button', { name: 'Edit image' }));
    const form = within(dialog).getByRole('group', { name: 'Edit image' });
    const alt = within(form).getByRole('textbox', { name: /Alt text/ });
    expect(alt).toHaveValue('Old map');
    await user.clear(alt);
    await user.click(within(form).getByRole('button', { name: 'Save picture' }));
    expect(within(form).getByText('Alt text is required: describe what the picture shows')).toBeInTheDocument();
    expect(alt).toHaveAccessibleDescription(expect.stringContaining('Alt text is required'));
    await user.type(alt, 'Map of the northern lines{Enter}');
    expect(within(dialog).queryByRole('group', { name: 'Edit image' })).not.toBeInTheDocument();
    expect(within(editor).getByRole('img', { name: 'Map of the northern lines' })).toHaveAttribute('src', '/uploads/map.png');
    expect(screen.getByRole('dialog', { name: 'Add News' })).toBeInTheDocument(); // Enter did not send the record
  });

  it('refuses a javascript: link in the link form, and Enter there does not send the record', async () => {
    const { server, user, dialog, editor } = await openAddNews();
    await caretAtEnd(editor);
    await user.keyboard('Click here');
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    const linkForm = within(dialog).getByRole('group', { name: 'Add link' });
    const address = within(linkForm).getByRole('textbox', { name: 'Link address' });
    expect(address).toHaveFocus();
    await user.type(address, 'javascript:alert(1){Enter}');
    const refusal = 'Enter a web address (https://...) or an email address (mailto:...). Other kinds of links are not allowed.';
    expect(within(linkForm).getByText(refusal)).toBeInTheDocument();
    expect(address).toHaveAccessibleDescription(expect.stringContaining(refusal));
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsOf('AdminCreateNews')).toHaveLength(0);
    expect(JSON.stringify(editor.editor.getJSON())).not.toContain('javascript');

    // Escape closes the link form, not the dialog.
    await user.keyboard('{Escape}');
    expect(within(dialog).queryByRole('group', { name: 'Add link' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add News' })).toBeInTheDocument();
  });

  it('edits and removes a link, and a mailto: address is allowed', async () => {
    const { user, dialog, editor } = await openAddNews();
    await caretAtEnd(editor);
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Link address' }), 'press@example.com{Enter}');
    const link = () => JSON.stringify(editor.editor.getJSON());
    expect(link()).toContain('"href":"mailto:press@example.com"');
    // The caret is in the link now: the button edits it.
    await user.keyboard('{ArrowLeft}');
    await user.click(within(dialog).getByRole('button', { name: 'Edit link' }));
    const form = within(dialog).getByRole('group', { name: 'Edit link' });
    expect(within(form).getByRole('textbox', { name: 'Link address' })).toHaveValue('mailto:press@example.com');
    await user.click(within(form).getByRole('button', { name: 'Remove link' }));
    expect(link()).not.toContain('"link"');
  });

  it('passes axe with the editor, with its link form open and with a field error beside it', async () => {
    const { user, dialog, editor } = await openAddNews({
      handlers: { AdminCreateNews: () => gqlError('BAD_USER_INPUT', 'Validation failed', { errors: [{ field: 'content', message: 'Content is too long: at most 5,000 elements' }] }) },
    });
    expect(await axeViolations(dialog)).toEqual([]);

    await fillRequired(user, dialog);
    await caretAtEnd(editor);
    await user.keyboard('Phase two');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const error = await within(dialog).findByText('Content is too long: at most 5,000 elements');
    // The error is read with the editable area, as with the other fields.
    expect(editor).toHaveAttribute('aria-invalid', 'true');
    expect(editor.getAttribute('aria-describedby')).toBe(error.id);
    expect(editor).toHaveAccessibleDescription('Content is too long: at most 5,000 elements');

    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(within(dialog).getByRole('group', { name: 'Add link' })).toBeInTheDocument();
    expect(await axeViolations(dialog)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Insert image' }));
    await user.click(within(dialog).getByRole('button', { name: 'Insert picture' }));
    expect(within(dialog).getByText('Upload a picture first')).toBeInTheDocument();
    expect(await axeViolations(dialog)).toEqual([]);
  });
});
