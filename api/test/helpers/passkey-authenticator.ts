import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

// A software WebAuthn authenticator for the API tests: ES256 (P-256) keys from node:crypto,
// attestation format 'none', discoverable credentials. It answers the JSON options the server
// gives (creation and request options) with the JSON a browser's @simplewebauthn/browser sends.

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export interface SoftCredential {
  /** base64url credential id. */
  id: string;
  rpId: string;
  /** The user handle the server gave at registration (base64url). */
  userHandle: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  signCount: number;
}

export interface AnswerOptions {
  /** Set the user-verified flag (default true). */
  userVerified?: boolean;
  /** The origin the "browser" reports (default: the authenticator's). */
  origin?: string;
  /** Answer with this credential (default: the first of the rp's that the options allow). */
  credential?: SoftCredential;
}

type Json = Record<string, unknown>;

function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  const key = new Map<number, number | Uint8Array>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
    [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
  ]);
  return isoCBOR.encode(key);
}

function u32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value >>> 0);
  return buffer;
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  /**
   * `origin`: what the "browser" puts in clientDataJSON (e.g. http://localhost:4321). `counter`
   * false: the signature counter stays 0, as synced passkeys report it (nothing but the
   * server's single-use challenge stops a replayed answer then).
   */
  constructor(
    readonly origin: string,
    readonly options: { counter?: boolean } = {},
  ) {}

  private flags(userVerified: boolean, extra = 0): number {
    return FLAG_UP | (userVerified ? FLAG_UV : 0) | FLAG_BE | FLAG_BS | extra;
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** A registration response (navigator.credentials.create) for the server's creation options (JSON). */
  create(optionsJson: string | Json, answer: AnswerOptions = {}): Json {
    const options = (typeof optionsJson === 'string' ? JSON.parse(optionsJson) : optionsJson) as {
      challenge: string;
      rp: { id: string };
      user: { id: string };
      excludeCredentials?: { id: string }[];
    };
    const excluded = new Set((options.excludeCredentials ?? []).map((c) => c.id));
    if (this.credentials.some((c) => c.rpId === options.rp.id && excluded.has(c.id))) throw new Error('InvalidStateError: already registered');
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const idBytes = randomBytes(32);
    const credential: SoftCredential = { id: b64url(idBytes), rpId: options.rp.id, userHandle: options.user.id, privateKey, publicKey, signCount: 0 };
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(idBytes.length);
    const authData = Buffer.concat([
      sha256(options.rp.id),
      Buffer.from([this.flags(answer.userVerified ?? true, FLAG_AT)]),
      u32(credential.signCount),
      Buffer.alloc(16), // aaguid: none
      idLength,
      idBytes,
      coseKey(publicKey),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    this.credentials.push(credential);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, answer.origin ?? this.origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal', 'hybrid'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** An authentication response (navigator.credentials.get) for the server's request options (JSON). */
  get(optionsJson: string | Json, answer: AnswerOptions = {}): Json {
    const options = (typeof optionsJson === 'string' ? JSON.parse(optionsJson) : optionsJson) as {
      challenge: string;
      rpId: string;
      allowCredentials?: { id: string }[];
    };
    const allowed = new Set((options.allowCredentials ?? []).map((c) => c.id));
    const credential =
      answer.credential ?? this.credentials.find((c) => c.rpId === options.rpId && (allowed.size === 0 || allowed.has(c.id)));
    if (!credential) throw new Error('NotAllowedError: no credential for these options');
    if (this.options.counter !== false) credential.signCount += 1;
    const authData = Buffer.concat([sha256(options.rpId), Buffer.from([this.flags(answer.userVerified ?? true)]), u32(credential.signCount)]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, answer.origin ?? this.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
