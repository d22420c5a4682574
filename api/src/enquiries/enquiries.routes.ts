import { ENQUIRY_DEFAULT_PRIVACY_TEXT } from '@consulting/model';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { AppDeps } from '../app-deps.js';
import { firmName } from '../content/firm-name.js';
import { clientErrorOf, type HttpError } from '../http/client-errors.js';
import { bodyOf, errors, json, jsonBody } from '../http/doc-parts.js';
import { API_ROOT, publicApiRoute, type Route } from '../http/route.js';
import { AppError, ValidationFailed } from '../shared/errors.js';
import { emOf } from '../shared/request-context.js';
import { refusedFormPage } from './enquiry-form-page.js';
import { issueFormToken } from './intake-proofs.js';
import { enquiryChallenge, submitEnquiry } from './intake.service.js';

// The public enquiry form over REST (the GraphQL twins: intake.resolver.ts): a fresh challenge,
// a JSON submission (the site's form with JavaScript, integrators), and a plain form post (the
// site's form without JavaScript: 303 to the thank-you page, or a page saying what was wrong).

const tags = ['Enquiries'];
/** Where a plain form post that was received goes: the site's thank-you page. */
export const ENQUIRY_THANKS_PATH = '/contact/thanks';

const text = { type: 'string' };
const nullableText = { type: ['string', 'null'] };
const enquiryInput = {
  type: 'object',
  description: "A message from the contact form. The field rules are the model's (enquiryForm); a refusal names each field.",
  properties: {
    name: { ...text, description: 'Who is writing (1..200 characters).' },
    email: { ...text, description: 'An email address (at most 254 characters).' },
    organisation: { ...nullableText, description: 'Optional (at most 200 characters).' },
    service: { ...text, description: "One of the six services' values, or `other`." },
    message: { ...text, description: 'The message (1..5000 characters, at most ENQUIRY_MAX_LINKS links).' },
    consent: { type: 'boolean', description: 'Agreed to the privacy text beside the form (must be true).' },
    website: { ...nullableText, description: 'Leave empty (hidden from people; anything in it marks a robot, answered as a success and not stored).' },
    formToken: { ...text, description: 'From the challenge: the form cannot be sent within ENQUIRY_MIN_SECONDS of it.' },
    altcha: { ...nullableText, description: 'The solved ALTCHA payload (base64 JSON {algorithm, challenge, number, salt, signature}), when the captcha is ALTCHA.' },
    turnstileToken: { ...nullableText, description: "The Turnstile widget's token, when the captcha is Turnstile." },
  },
  required: ['name', 'email', 'service', 'message', 'consent', 'formToken'],
};
const receipt = json(
  { type: 'object', properties: { ok: { const: true }, message: { type: 'string' } }, required: ['ok', 'message'], additionalProperties: false },
  'Received (a honeypot hit gets the same answer and stores nothing).',
);
const html = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });

/** The size of the body as sent, when the request says it. */
function announcedBytes(req: Request): number | undefined {
  const length = Number(req.get('content-length'));
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}

/** A checkbox sent by a form: present with a value that means yes. */
const ticked = (value: unknown) => typeof value === 'string' && ['true', 'on', 'yes', '1'].includes(value.toLowerCase());

/** The text fields of a form post (repeated names and nested values read as absent). */
function formValues(req: Request): Record<string, string> {
  const body = bodyOf(req);
  const values: Record<string, string> = {};
  for (const name of ['name', 'email', 'organisation', 'service', 'message', 'website', 'formToken', 'altcha', 'turnstileToken', 'cf-turnstile-response', 'consent']) {
    const value = body[name];
    if (typeof value === 'string') values[name] = value;
    else if (typeof value === 'boolean') values[name] = String(value);
  }
  return values;
}

/** A refused form post: the page saying why, with the form again (status 400, 413, 429 or 503). */
async function sendRefusedForm(req: Request, res: Response, deps: AppDeps, error: AppError | { status: number; message: string }, values: Record<string, string>) {
  const em = emOf(req);
  const fieldErrors = error instanceof ValidationFailed ? error.errors : [];
  const privacy: Array<{ text: string | null }> = await em.getConnection().execute(`select enquiry_privacy_text as text from site_settings order by id limit 1`);
  const page = refusedFormPage({
    status: error.status,
    summary: fieldErrors.length > 0 ? 'Please correct the following and send it again:' : error.message,
    errors: fieldErrors,
    values: { ...values, consent: ticked(values.consent) ? 'true' : '' },
    formToken: issueFormToken(deps.config),
    firmName: await firmName(em),
    privacyText: privacy[0]?.text?.trim() || ENQUIRY_DEFAULT_PRIVACY_TEXT,
  });
  if (error instanceof AppError) res.set(error.headers());
  res.status(error.status).type('html').set('Cache-Control', 'no-store').send(page);
}

export function enquiryRoutes(): Route[] {
  return [
    publicApiRoute({
      method: 'GET',
      path: `${API_ROOT}/enquiries/challenge`,
      doc: {
        tags,
        operationId: 'enquiryChallenge',
        summary: 'A fresh form token and captcha challenge for the contact form (never cached; GraphQL: enquiryChallenge).',
        responses: {
          200: json(
            {
              type: 'object',
              properties: {
                formToken: { type: 'string', description: 'The signed time the form was handed out; send it back as formToken.' },
                altcha: { type: ['string', 'null'], description: 'The ALTCHA challenge (JSON: algorithm, challenge, salt, signature, maxnumber; altcha-lib v1), when the captcha is ALTCHA. Valid 20 minutes, for one message.' },
                turnstileSiteKey: { type: ['string', 'null'], description: 'The Turnstile site key, when the captcha is Turnstile.' },
              },
              required: ['formToken', 'altcha', 'turnstileSiteKey'],
              additionalProperties: false,
            },
            'The challenge.',
          ),
        },
      },
      serve: ({ deps }) => async (_req, res) => {
        res.set('Cache-Control', 'no-store').json(await enquiryChallenge(deps.config));
      },
    }),
    publicApiRoute({
      method: 'POST',
      path: `${API_ROOT}/enquiries`,
      doc: {
        tags,
        operationId: 'submitEnquiry',
        summary: 'Sends a message through the contact form (GraphQL: submitEnquiry).',
        description:
          'Refused with 400 and a message per field (the form\'s rules; `formToken` for a form sent within ENQUIRY_MIN_SECONDS or altered; `message` for links beyond ENQUIRY_MAX_LINKS; `altcha` or `turnstileToken` for a missing, wrong or used captcha), 413 over ENQUIRY_MAX_BYTES, 429 beyond the hourly limits (per client address and in all; Retry-After), 503 when Turnstile cannot be reached.',
        requestBody: jsonBody(enquiryInput),
        responses: { 201: receipt, ...errors(400, 403, 413, 429, 503) },
      },
      serve: ({ deps }) => async (req, res) => {
        const answer = await submitEnquiry(emOf(req), bodyOf(req), { ip: req.ip ?? 'unknown', config: deps.config, bytes: announcedBytes(req) });
        res.status(201).json(answer);
      },
    }),
    publicApiRoute({
      method: 'POST',
      path: `${API_ROOT}/enquiries/form`,
      doc: {
        tags,
        operationId: 'submitEnquiryForm',
        summary: `The contact form sent without JavaScript (application/x-www-form-urlencoded): 303 to ${ENQUIRY_THANKS_PATH} when received.`,
        description:
          'The same fields and rules as POST /api/enquiries (`consent` ticked: `true` or `on`). Without a captcha it draws on ENQUIRY_MAX_NO_SCRIPT_PER_HOUR (0: the captcha is required). A refusal is an HTML page that says what was wrong and gives the form back with the values sent.',
        requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: { ...enquiryInput, properties: { ...enquiryInput.properties, consent: { type: 'string', description: '`true` or `on` when ticked; absent when not.' } } } } } },
        responses: {
          303: { description: `Received: to the thank-you page (Location: ${ENQUIRY_THANKS_PATH}).`, headers: { Location: { schema: { type: 'string' } } } },
          400: html('Refused: the page lists each problem and gives the form back.'),
          ...errors(403),
          413: html('Over ENQUIRY_MAX_BYTES: the page says so and gives the form back.'),
          429: html('Beyond the hourly limits (Retry-After): the page says so and gives the form back.'),
          503: html('Turnstile could not be reached: the page says so and gives the form back.'),
        },
      },
      serve: ({ deps }) => {
        // A percent-encoded body is up to three times the size of what it says.
        const parse = express.urlencoded({ extended: false, limit: deps.config.enquiry.maxBytes * 3, parameterLimit: 50 });
        const readForm: RequestHandler = (req, res, next) =>
          parse(req, res, (error?: unknown) => {
            if (!error) return next();
            const client = clientErrorOf(error as HttpError);
            if (!client) return next(error);
            sendRefusedForm(req, res, deps, { status: client.status === 413 ? 413 : 400, message: client.status === 413 ? 'The message is too long to send.' : 'The form could not be read. Please send it again.' }, {}).catch(next);
          });
        const submit = async (req: Request, res: Response, next: NextFunction) => {
          const values = formValues(req);
          const input = { ...values, consent: ticked(values.consent), turnstileToken: values.turnstileToken ?? values['cf-turnstile-response'] };
          try {
            await submitEnquiry(emOf(req), input, { ip: req.ip ?? 'unknown', config: deps.config, noScript: true });
          } catch (error) {
            if (!(error instanceof AppError)) return next(error);
            return sendRefusedForm(req, res, deps, error, values);
          }
          res.redirect(303, ENQUIRY_THANKS_PATH);
        };
        return [readForm, (req, res, next) => void submit(req, res, next).catch(next)];
      },
    }),
  ];
}
