import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { Button, Link, Stack, Text } from '@chakra-ui/react';
import { Fingerprint, ShieldCheck, Smartphone } from 'lucide-react';
import { useDocumentTitle } from '../shell/ScreenHeader';
import { PasskeySetup } from '../security/PasskeySetup';
import { RecoveryCodes } from '../security/RecoveryCodes';
import { TotpSetup, type SetupResult } from '../security/TotpSetup';
import { browserHasWebAuthn } from '../security/webauthn';
import { useFinishSignIn } from './finish-sign-in';
import { SignInCard } from './SignInCard';
import { hasExpired, pendingStepOf, type PendingStep } from './sign-in-steps';

type Stage = { kind: 'choose' } | { kind: 'totp' } | { kind: 'passkey' } | { kind: 'codes'; codes: string[] };

/** The enrolment the login handed over in the history's state, or null (opened directly, reloaded elsewhere). */
function enrolmentOf(state: unknown): (PendingStep & { next: string | null }) | null {
  const step = pendingStepOf(state);
  if (!step) return null;
  const next = (state as { next?: unknown }).next;
  return { ...step, next: typeof next === 'string' ? next : null };
}

/** Whether the step's time is up, and becomes so when it runs out while the page is open. */
function useExpired(step: PendingStep | null): boolean {
  const [expired, setExpired] = useState(() => !step || hasExpired(step));
  useEffect(() => {
    if (!step?.expiresAt || expired) return;
    const left = Date.parse(step.expiresAt) - Date.now();
    if (!Number.isFinite(left)) return;
    // Timers hold at most ~24.8 days; a step token lives minutes.
    const timer = setTimeout(() => setExpired(true), Math.min(Math.max(left, 0), 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [step, expired]);
  return expired;
}

const TITLES: Record<Stage['kind'], string> = {
  choose: 'Set up two-step verification',
  totp: 'Set up your authenticator app',
  passkey: 'Create a passkey',
  codes: 'Save your recovery codes',
};

const PROMPTS: Record<Stage['kind'], string> = {
  choose: 'Your firm requires a second step to sign in. Choose how you will confirm it is you.',
  totp: 'Scan the QR code or type the key, then enter the code the app shows.',
  passkey: 'Your browser will ask you to confirm with your fingerprint, face, screen lock or a security key.',
  codes: 'Two-step verification is on. These codes are your way in if you lose your phone or passkey.',
};

/**
 * /admin/enrol, outside the guard: the sign-in policy requires a second factor and this account has
 * none. The login sends it here with an enrolment token (history state); the person sets up an
 * authenticator app or a passkey, which signs them in, sees the recovery codes once, and goes on.
 */
export function EnrolPage() {
  const location = useLocation();
  const [enrolment] = useState(() => enrolmentOf(location.state));
  const expired = useExpired(enrolment);
  const finish = useFinishSignIn();
  const methods = (enrolment?.methods ?? []).filter((m) => m === 'totp' || (m === 'passkey' && browserHasWebAuthn()));
  const [stage, setStage] = useState<Stage>(() => (methods.length === 1 ? { kind: methods[0] === 'passkey' ? 'passkey' : 'totp' } : { kind: 'choose' }));
  const [signedIn, setSignedIn] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const showExpired = expired && !signedIn;
  // With one way to choose from, its setup is the first screen: it keeps the enrolment's title.
  const only = methods.length === 1 && (stage.kind === 'totp' || stage.kind === 'passkey');
  const title = only ? TITLES.choose : TITLES[stage.kind];
  const prompt = only ? `Your firm requires a second step to sign in. ${PROMPTS[stage.kind]}` : PROMPTS[stage.kind];
  useDocumentTitle(showExpired ? 'Sign-in expired' : title);

  // Each new stage moves focus to its heading, so a screen reader starts there.
  useEffect(() => {
    headingRef.current?.focus();
  }, [stage.kind, showExpired]);

  if (showExpired || !enrolment) {
    const again = enrolment?.next ? `/admin/login?next=${encodeURIComponent(enrolment.next)}` : '/admin/login';
    return (
      <SignInCard icon={<ShieldCheck size={22} aria-hidden />} title="This sign-in has expired" description="Sign in again to set up two-step verification." headingRef={headingRef}>
        <Link asChild colorPalette="brand" fontWeight="medium">
          <RouterLink to={again}>Back to sign in</RouterLink>
        </Link>
      </SignInCard>
    );
  }

  function done(result: SetupResult) {
    setSignedIn(result.signedIn);
    if (result.recoveryCodes && result.recoveryCodes.length > 0) setStage({ kind: 'codes', codes: result.recoveryCodes });
    else finish(enrolment?.next ?? null);
  }

  const back = methods.length > 1 && (stage.kind === 'totp' || stage.kind === 'passkey') && (
    <Button variant="plain" size="sm" alignSelf="center" onClick={() => setStage({ kind: 'choose' })}>
      Back
    </Button>
  );

  return (
    <SignInCard icon={<ShieldCheck size={22} aria-hidden />} title={title} description={prompt} headingRef={headingRef} wide>
      {stage.kind === 'choose' && (
        <Stack gap="3">
          {methods.length === 0 && <Text>No way to set up a second step is available in this browser. Ask an administrator for help.</Text>}
          {methods.includes('totp') && (
            <ChoiceButton
              icon={<Smartphone aria-hidden />}
              title="Use an authenticator app"
              detail="An app such as Google Authenticator, Microsoft Authenticator or 1Password shows a new 6-digit code every 30 seconds."
              onClick={() => setStage({ kind: 'totp' })}
            />
          )}
          {methods.includes('passkey') && (
            <ChoiceButton
              icon={<Fingerprint aria-hidden />}
              title="Use a passkey"
              detail="Your fingerprint, face, screen lock or a security key. Nothing to type."
              onClick={() => setStage({ kind: 'passkey' })}
            />
          )}
        </Stack>
      )}
      {stage.kind === 'totp' && (
        <Stack gap="4">
          <TotpSetup token={enrolment.token} onDone={done} />
          {back}
        </Stack>
      )}
      {stage.kind === 'passkey' && (
        <Stack gap="4">
          <PasskeySetup token={enrolment.token} onDone={done} />
          {back}
        </Stack>
      )}
      {stage.kind === 'codes' && <RecoveryCodes codes={stage.codes} onDone={() => finish(enrolment.next)} />}
    </SignInCard>
  );
}

function ChoiceButton({ icon, title, detail, onClick }: { icon: ReactNode; title: string; detail: string; onClick(): void }) {
  return (
    <Button
      variant="outline"
      h="auto"
      py="3"
      px="4"
      justifyContent="flex-start"
      alignItems="flex-start"
      textAlign="start"
      whiteSpace="normal"
      gap="3"
      onClick={onClick}
    >
      {icon}
      <Stack gap="0.5" align="flex-start">
        <Text fontWeight="semibold">{title}</Text>
        <Text fontWeight="normal" color="fg.muted" fontSize="sm">
          {detail}
        </Text>
      </Stack>
    </Button>
  );
}
