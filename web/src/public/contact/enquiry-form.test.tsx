import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ContactSectionDocument, EnquiryFormDocument, PublicSiteDocument } from '../../graphql/generated/graphql';
import { answering, renderPublic } from '../../test/render';
import { contactEntry, footerPage, publicSite } from '../../test/fixtures';
import { axeViolations } from '../../test/axe-violations';
import type { SubmissionResult } from './enquiry-submission';

jest.setTimeout(30_000);

// The submission module is what the form loads when first used (fresh challenge, proof of work,
// the GraphQL mutation): scripted here, so each test says what the server answered.
const prepareEnquiry = jest.fn(async () => ({ formToken: 'fresh-token', altcha: 'c29sdmVk', turnstileSiteKey: null }));
const sendEnquiry = jest.fn(async (_input: Record<string, unknown>): Promise<SubmissionResult> => ({ kind: 'sent', message: 'Thank you. We will get back to you soon.' }));
jest.unstable_mockModule('./enquiry-submission', () => ({ prepareEnquiry, sendEnquiry, solveAltcha: jest.fn() }));

const { ContactSection } = await import('./ContactSection');
const { SERVICES } = await import('../landing/ServicesSection');

function renderContact({ privacyText = null as string | null, pages = [footerPage(1, 'Privacy Policy', 'privacy-policy')] } = {}) {
  return renderPublic(<ContactSection />, {
    mocks: [
      answering(ContactSectionDocument, { contactInfo: [contactEntry(1, 'email', 'hello@consulting.example')] }),
      answering(EnquiryFormDocument, { siteSettings: { id: 1, enquiryPrivacyText: privacyText }, enquiryChallenge: { formToken: 'server-token' } }),
      answering(PublicSiteDocument, publicSite({}, pages)),
    ],
  });
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada Lovelace');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
  await user.type(screen.getByRole('textbox', { name: /Organisation/ }), 'Engines Ltd');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Service it is about' }), 'innovation-management');
  await user.type(screen.getByRole('textbox', { name: 'Message' }), 'A proposal, please.');
  await user.click(screen.getByRole('checkbox'));
}

describe('the contact form', () => {
  beforeEach(() => {
    prepareEnquiry.mockClear();
    sendEnquiry.mockClear();
  });

  it('sits under the contact cards as a plain form that posts without JavaScript', async () => {
    renderContact();
    const section = (await screen.findByRole('heading', { level: 2, name: 'Contact' })).closest('section')!;
    expect(section).toHaveAttribute('id', 'contact');
    await within(section).findByText('hello@consulting.example');
    // Its code arrives apart (a lazy chunk): the form follows the cards a moment later.
    const element = await within(section).findByRole('form', { name: 'Send us a message' });
    expect(element).toHaveAttribute('method', 'post');
    expect(element).toHaveAttribute('action', '/api/enquiries/form');
    // The contact cards come first.
    expect(within(section).getByText('hello@consulting.example').compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Posted fields carry the names the API's form route reads.
    const names = [...element.querySelectorAll('input, select, textarea')].map((field) => field.getAttribute('name'));
    expect(names).toEqual(['name', 'email', 'organisation', 'service', 'message', 'consent', 'website', 'formToken']);
    await waitFor(() => expect(element.querySelector('input[name="formToken"]')).toHaveValue('server-token'));
    expect(element.querySelector('input[name="consent"]')).toHaveAttribute('value', 'true');
  });

  it('offers the six services the landing shows, then "Something else"', async () => {
    renderContact();
    const select = await screen.findByRole('combobox', { name: 'Service it is about' });
    const labels = within(select).getAllByRole('option').map((option) => option.textContent);
    expect(labels).toEqual(['Choose a service', ...SERVICES.map((service) => service.title), 'Something else']);
  });

  it('hides the honeypot from people and assistive technology', async () => {
    renderContact();
    const trap = (await screen.findByRole('form', { name: 'Send us a message' })).querySelector('input[name="website"]')!;
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap).toHaveAttribute('autocomplete', 'off');
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: /website/i })).not.toBeInTheDocument();
  });

  it('shows the privacy text linking the privacy page, or the words the firm set', async () => {
    const first = renderContact();
    const consent = await screen.findByRole('checkbox', { name: /^We use your details only to answer your message\. See our privacy policy/ });
    expect(consent).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy-policy');
    first.unmount();

    renderContact({ privacyText: 'Northwind keeps your message for a year, then deletes it.' });
    expect(await screen.findByRole('checkbox', { name: 'Northwind keeps your message for a year, then deletes it.' })).toBeInTheDocument();
  });

  it('is accessible as it opens (axe)', async () => {
    renderContact();
    await screen.findByRole('form', { name: 'Send us a message' });
    await screen.findByText('hello@consulting.example');
    expect(await axeViolations()).toEqual([]);
  });

  it("refuses empty fields with the model's messages beside each field, focusing the first", async () => {
    const user = userEvent.setup();
    renderContact();
    await screen.findByRole('form', { name: 'Send us a message' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    const name = screen.getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Name is required');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Email is required');
    expect(screen.getByRole('textbox', { name: /Organisation/ })).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('combobox', { name: 'Service it is about' })).toHaveAccessibleDescription('Service is required');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAccessibleDescription('Message is required');
    expect(screen.getByRole('checkbox')).toHaveAccessibleDescription('Please agree to our use of your details so we can answer you');
    expect(sendEnquiry).not.toHaveBeenCalled();
    expect(await axeViolations()).toEqual([]);
  });

  it('says what is wrong with a malformed email when the field is left', async () => {
    const user = userEvent.setup();
    renderContact();
    const email = await screen.findByRole('textbox', { name: 'Email' });
    await user.type(email, 'ada@');
    await user.tab();
    // (The working form has taken over from the server-rendered one: the field is asked for anew.)
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Email must be an email address such as name@example.com'));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@');
  });

  it('sends the message with a solved proof of work and shows the thank-you in place, focused', async () => {
    const user = userEvent.setup();
    renderContact();
    await screen.findByRole('form', { name: 'Send us a message' });
    await fillValid(user);
    expect(prepareEnquiry).toHaveBeenCalledTimes(1); // solved while the visitor types
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    const thanks = await screen.findByRole('heading', { name: 'Thank you' });
    await waitFor(() => expect(thanks).toHaveFocus());
    expect(screen.getByText('Your message has reached us. We will get back to you soon.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Send us a message' })).not.toBeInTheDocument();
    expect(sendEnquiry).toHaveBeenCalledWith({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      organisation: 'Engines Ltd',
      service: 'innovation-management',
      message: 'A proposal, please.',
      consent: true,
      website: '',
      formToken: 'fresh-token',
      altcha: 'c29sdmVk',
      turnstileToken: null,
    });
    expect(await axeViolations()).toEqual([]);

    // Another message starts an empty form with a new challenge.
    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });

  it("puts the server's field errors beside their fields and says the others above the button", async () => {
    sendEnquiry.mockResolvedValueOnce({ kind: 'invalid', errors: { message: 'Message may hold at most 2 links', formToken: 'Please take a moment before sending' }, message: null });
    const user = userEvent.setup();
    renderContact();
    await screen.findByRole('form', { name: 'Send us a message' });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const message = screen.getByRole('textbox', { name: 'Message' });
    await waitFor(() => expect(message).toHaveAccessibleDescription('Message may hold at most 2 links'));
    expect(message).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Please take a moment before sending');
    // The spent challenge is not used again.
    sendEnquiry.mockResolvedValueOnce({ kind: 'refused', message: 'Too many messages have been sent from here. Please try again in an hour.' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Too many messages'));
    // One challenge per attempt: the first, then a new one after each refusal.
    expect(prepareEnquiry).toHaveBeenCalledTimes(3);
  });
});
