import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_FIRM_DESCRIPTION, DEFAULT_FIRM_NAME } from '@consulting/model';
import { toaster } from '../../components/notifications';
import { axeViolations } from '../../test/axe-violations';
import { siteSettings } from '../../test/fixtures';
import { SIGNED_IN, deferred, fakeServer, renderAdmin, type Answer } from '../test/render-admin';

// The Site screen (issue 25): the firm's identity in groups, each field with its helper text, the
// logos previewed (the one for dark backgrounds on a dark tile), optional pictures removable, the
// time zone one of the IANA zones, saved like the other singletons ('Save Changes', 'Saving...').

jest.setTimeout(60_000);
afterEach(() => toaster.remove());

const settings = siteSettings({
  firmName: DEFAULT_FIRM_NAME,
  description: DEFAULT_FIRM_DESCRIPTION,
  logoUrl: '/uploads/logo.png',
  logoDarkUrl: '/uploads/logo-dark.png',
});

/** Every field the form sends, as the record above has them. */
const unchanged = Object.fromEntries(Object.entries(settings).filter(([key]) => !['__typename', 'id', 'version'].includes(key)));

function server(update: (variables: Record<string, unknown>) => Answer | Promise<Answer> = ({ input }) => ({ data: { updateSiteSettings: { ...settings, ...(input as object), version: 4 } } })) {
  return fakeServer({
    AdminMe: SIGNED_IN,
    AdminSiteSettings: () => ({ data: { siteSettings: settings } }),
    AdminUpdateSiteSettings: update,
  });
}

const group = (name: string) => screen.getByRole('group', { name });

describe('the Site screen', () => {
  it('shows the settings in labelled groups, with helper text and the logos previewed', async () => {
    renderAdmin('/admin/site', { server: server() });
    expect(await screen.findByRole('heading', { name: 'Site', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Firm Name/ })).toHaveValue('Your Firm');

    const groups = screen
      .getAllByRole('group')
      .filter((element) => element.tagName === 'FIELDSET')
      .map((element) => element.querySelector('legend')?.textContent);
    expect(groups).toEqual(['Name and description', 'Logos and icons', 'Footer and copyright', 'Address', 'Social links', 'Locale and time zone', 'Contact form']);
    expect(within(group('Name and description')).getByRole('textbox', { name: /Short Name/ })).toHaveAccessibleDescription(
      'A shorter name where room is scarce (the phone home screen, the app manifest). If empty: the firm name.',
    );
    expect(within(group('Address')).getAllByRole('textbox').map((box) => box.getAttribute('name'))).toEqual(['streetAddress', 'postalCode', 'city', 'region', 'country']);
    expect(within(group('Social links')).getByRole('textbox', { name: /LinkedIn URL/ })).toBeInTheDocument();
    expect(within(group('Locale and time zone')).getByRole('combobox', { name: /Locale/ })).toHaveValue('en-US');

    // Four optional pictures: the two logos have theirs, the icon and the share image have none yet.
    const pictures = within(group('Logos and icons'));
    expect(pictures.getByRole('img', { name: 'Logo preview' })).toHaveAttribute('src', '/uploads/logo.png');
    const dark = pictures.getByRole('img', { name: 'Logo on Dark preview' });
    expect(dark).toHaveAttribute('src', '/uploads/logo-dark.png');
    expect(dark.className).not.toBe(pictures.getByRole('img', { name: 'Logo preview' }).className); // its own, dark tile
    const uploads = pictures.getAllByRole('button', { name: /Upload Image|Replace Image/ });
    expect(uploads.map((button) => button.textContent?.trim())).toEqual(['Replace Image', 'Replace Image', 'Upload Image', 'Upload Image']);
    // Each upload button says which picture it is for, and what the picture is used for.
    expect(uploads[2]).toHaveAccessibleDescription(expect.stringMatching(/^Icon A square mark, at least 512x512: the favicon and app icons/));
    expect(pictures.getByRole('button', { name: 'Remove logo on dark' })).toBeInTheDocument();
    expect(pictures.queryByRole('button', { name: 'Remove icon' })).not.toBeInTheDocument();

    expect(await axeViolations()).toEqual([]);
  });

  it("saves the settings: 'Saving...' while on its way, then 'Site settings updated successfully'", async () => {
    const answer = deferred<Answer>();
    const fake = server(() => answer.promise);
    renderAdmin('/admin/site', { server: fake, uploader: async () => '/uploads/mark-512.png' });
    const user = userEvent.setup({ delay: null });
    const name = await screen.findByRole('textbox', { name: /Firm Name/ });
    await user.clear(name);
    // Pasted rather than typed: each keystroke draws the whole form again (slow in jsdom).
    const enter = async (box: HTMLElement, text: string) => {
      await user.click(box);
      await user.paste(text);
    };
    await enter(name, 'Halden & Partners');
    await enter(screen.getByRole('textbox', { name: /Street Address/ }), 'Rue de la Loi 42');
    await enter(screen.getByRole('textbox', { name: /City/ }), 'Brussels');
    await enter(screen.getByRole('textbox', { name: /LinkedIn URL/ }), 'https://www.linkedin.com/company/halden');
    await user.upload(screen.getByLabelText('Icon file'), new File(['png'], 'mark.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Icon preview' })).toHaveAttribute('src', '/uploads/mark-512.png');
    await user.selectOptions(screen.getByRole('combobox', { name: /Time Zone/ }), 'Europe/Brussels');
    await user.selectOptions(screen.getByRole('combobox', { name: /Locale/ }), 'fr-BE');

    await user.click(screen.getByRole('button', { name: /Save Changes/ }));
    expect(await screen.findByRole('button', { name: /Saving\.\.\./ })).toBeInTheDocument();
    answer.release({ data: { updateSiteSettings: { ...settings, version: 4 } } });
    expect(await screen.findByText('Site settings updated successfully')).toBeInTheDocument();
    expect(fake.callsOf('AdminUpdateSiteSettings')).toEqual([
      {
        id: 1,
        expectedVersion: 3,
        input: {
          ...unchanged,
          firmName: 'Halden & Partners',
          streetAddress: 'Rue de la Loi 42',
          city: 'Brussels',
          linkedinUrl: 'https://www.linkedin.com/company/halden',
          iconUrl: '/uploads/mark-512.png',
          timeZone: 'Europe/Brussels',
          locale: 'fr-BE',
        },
      },
    ]);
  });

  it('removes an optional picture: the logo goes, and the save sends it as null', async () => {
    const fake = server();
    renderAdmin('/admin/site', { server: fake });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Remove logo' }));
    expect(screen.queryByRole('img', { name: 'Logo preview' })).not.toBeInTheDocument();
    expect(within(group('Logos and icons')).getAllByRole('button', { name: /Upload Image|Replace Image/ })[0]).toHaveTextContent('Upload Image');
    expect(screen.getByRole('img', { name: 'Logo on Dark preview' })).toBeInTheDocument(); // only that one
    await user.click(screen.getByRole('button', { name: /Save Changes/ }));
    expect(await screen.findByText('Site settings updated successfully')).toBeInTheDocument();
    expect(fake.callsOf('AdminUpdateSiteSettings')[0]).toEqual({ id: 1, expectedVersion: 3, input: { ...unchanged, logoUrl: null } });
  });

  it('offers every IANA time zone the runtime knows, grouped by region, each named by its city first, UTC first', async () => {
    renderAdmin('/admin/site', { server: server() });
    const zone = (await screen.findByRole('combobox', { name: /Time Zone/ })) as HTMLSelectElement;
    expect(zone).toHaveValue('UTC');
    const values = [...zone.options].map((option) => option.value);
    expect(values[0]).toBe('UTC');
    expect(values.length).toBe(Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC').length + 1);
    expect(values.length).toBeGreaterThan(400);
    expect(new Set(values).size).toBe(values.length);
    // A native select jumps to the option its text starts with: typing a city finds it.
    const europe = [...(zone.querySelector('optgroup[label="Europe"]')?.querySelectorAll('option') ?? [])];
    expect(europe.find((option) => option.value === 'Europe/Berlin')).toHaveTextContent(/^Berlin \(Europe\/Berlin\)$/);
    const names = europe.map((option) => option.textContent ?? '');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(zone.querySelector('optgroup[label="America"] option[value="America/Argentina/Rio_Gallegos"]')).toHaveTextContent('Rio Gallegos (America/Argentina/Rio Gallegos)');
    expect([...zone.querySelectorAll('optgroup')].map((group) => group.label)).toEqual(['Africa', 'America', 'Antarctica', 'Arctic', 'Asia', 'Atlantic', 'Australia', 'Europe', 'Indian', 'Pacific']);
    expect(zone).toHaveAccessibleDescription(/The firm's time zone \(IANA\)/);
  });

  it('refuses what the server would, beside the fields, before anything is sent (axe clean)', async () => {
    const fake = server();
    renderAdmin('/admin/site', { server: fake });
    const user = userEvent.setup({ delay: null });
    await user.clear(await screen.findByRole('textbox', { name: /Firm Name/ }));
    await user.type(screen.getByRole('textbox', { name: /LinkedIn URL/ }), 'linkedin.com/company/halden');
    await user.click(screen.getByRole('button', { name: /Save Changes/ }));
    expect(await screen.findByText('Firm name is required')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Firm Name/ })).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByRole('textbox', { name: /LinkedIn URL/ })).toHaveAccessibleDescription(/LinkedIn URL must/));
    expect(fake.callsOf('AdminUpdateSiteSettings')).toHaveLength(0);
    expect(await axeViolations()).toEqual([]);
  });
});
