import { ENQUIRY_SERVICES, enquiryForm } from '@consulting/model';
import { API_ROOT } from '../shared/url-paths.js';

// The answer to a contact form sent without JavaScript that was refused (POST /api/enquiries/form):
// a small page of its own, in the site's colours, that says what was wrong (linked to each field)
// and gives the form back with what the visitor typed, so nothing is lost. It is plain HTML with
// no script: the visitor's browser had none running when it sent the form.

export interface RefusedForm {
  status: number;
  /** What went wrong as a whole. */
  summary: string;
  /** Per field: the form's field name and its message. */
  errors: Array<{ field: string; message: string }>;
  /** What the visitor sent (shown again). */
  values: Record<string, string>;
  /** A fresh form token for sending it again. */
  formToken: string;
  firmName: string;
  /** The words beside the consent box. */
  privacyText: string;
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const FIELD_IDS: Record<string, string> = { altcha: 'message', turnstileToken: 'message', formToken: 'message' };
const idOf = (field: string) => `enquiry-${FIELD_IDS[field] ?? field}`;

export function refusedFormPage(page: RefusedForm): string {
  const { fields } = enquiryForm;
  const errorOf = (name: string) => page.errors.find((e) => e.field === name)?.message;
  const value = (name: string) => escape(page.values[name] ?? '');
  // The message field also carries the messages of the hidden proofs (a form sent too fast, the captcha).
  const describedBy = (name: string) => (name === 'message' ? ['message', ...Object.keys(FIELD_IDS)] : [name]).filter(errorOf).map((n) => `enquiry-${n}-error`);
  const described = (name: string) =>
    `${errorOf(name) ? ' aria-invalid="true"' : ''}${describedBy(name).length > 0 ? ` aria-describedby="${describedBy(name).join(' ')}"` : ''}`;
  const fieldError = (name: string) => (errorOf(name) ? `<p class="field-error" id="enquiry-${name}-error">${escape(errorOf(name)!)}</p>` : '');
  const required = '<span aria-hidden="true"> *</span>';
  const input = (name: 'name' | 'email' | 'organisation', type: string, autocomplete: string) => {
    const f = fields[name];
    return `<div class="field"><label for="${idOf(name)}">${escape(f.label)}${f.required ? required : ' (optional)'}</label>
      <input id="${idOf(name)}" name="${name}" type="${type}" autocomplete="${autocomplete}" maxlength="${f.maxLength}"${f.required ? ' required' : ''} value="${value(name)}"${described(name)}>${fieldError(name)}</div>`;
  };
  const options = ENQUIRY_SERVICES.map((s) => `<option value="${escape(s.value)}"${page.values.service === s.value ? ' selected' : ''}>${escape(s.label)}</option>`).join('');
  const listed = page.errors.map((e) => `<li><a href="#${idOf(e.field)}">${escape(e.message)}</a></li>`).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Your message was not sent | ${escape(page.firmName)}</title>
<style>
body{margin:0;font-family:Inter,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#102745;background:#f7f9fc;line-height:1.5}
header{background:#102745;color:#fff;padding:1rem 1.5rem}header a{color:#fff;font-weight:700;text-decoration:none}
main{max-width:40rem;margin:2rem auto;padding:0 1.25rem}
h1{font-size:1.75rem;margin:0 0 1rem}
.summary{border:2px solid #b42318;background:#fff;padding:1rem 1.25rem;border-radius:.5rem;margin-bottom:1.5rem}
.summary h2{font-size:1.1rem;margin:0 0 .5rem;color:#b42318}.summary a{color:#b42318}
form{background:#fff;padding:1.5rem;border-radius:.5rem;box-shadow:0 1px 3px rgba(16,39,69,.12)}
.field{margin-bottom:1rem}label{display:block;font-weight:600;margin-bottom:.25rem}
input[type=text],input[type=email],select,textarea{box-sizing:border-box;width:100%;padding:.6rem .75rem;border:1px solid #7f9fc9;border-radius:.375rem;font:inherit;color:inherit;background:#fff}
textarea{min-height:10rem}
[aria-invalid=true]{border-color:#b42318;border-width:2px}
.field-error{color:#b42318;margin:.25rem 0 0;font-size:.95rem}
.consent{display:flex;gap:.5rem;align-items:flex-start}.consent label{font-weight:400}
.hidden{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
button{background:#1f4677;color:#fff;border:0;border-radius:.375rem;padding:.75rem 1.5rem;font:inherit;font-weight:600;cursor:pointer}
button:focus-visible,a:focus-visible,input:focus-visible,select:focus-visible,textarea:focus-visible{outline:3px solid #4f78ae;outline-offset:2px}
</style>
</head>
<body>
<header><a href="/">${escape(page.firmName)}</a></header>
<main>
<h1>Your message was not sent</h1>
<div class="summary" role="alert" tabindex="-1">
<h2>${escape(page.summary)}</h2>
${listed ? `<ul>${listed}</ul>` : ''}
</div>
<form method="post" action="${API_ROOT}/enquiries/form" novalidate>
<input type="hidden" name="formToken" value="${escape(page.formToken)}">
<div class="hidden" aria-hidden="true"><label for="enquiry-website">Leave this empty</label><input id="enquiry-website" name="website" type="text" tabindex="-1" autocomplete="off"></div>
${input('name', 'text', 'name')}
${input('email', 'email', 'email')}
${input('organisation', 'text', 'organization')}
<div class="field"><label for="${idOf('service')}">${escape(fields.service.label)}${required}</label>
<select id="${idOf('service')}" name="service" required${described('service')}><option value="">Choose a service</option>${options}</select>${fieldError('service')}</div>
<div class="field"><label for="${idOf('message')}">${escape(fields.message.label)}${required}</label>
<textarea id="${idOf('message')}" name="message" required maxlength="${fields.message.maxLength}"${described('message')}>${value('message')}</textarea>${fieldError('message')}${['altcha', 'turnstileToken', 'formToken'].map(fieldError).join('')}</div>
<div class="field"><div class="consent"><input id="${idOf('consent')}" name="consent" type="checkbox" value="true"${page.values.consent === 'true' ? ' checked' : ''}${described('consent')}>
<label for="${idOf('consent')}">${escape(page.privacyText)}</label></div>${fieldError('consent')}</div>
<button type="submit">Send message</button>
</form>
<p><a href="/#contact">Back to the site</a></p>
</main>
</body>
</html>
`;
}
