import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { Box, Button, Card, Field, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { LockKeyhole } from 'lucide-react';
import { notify } from '../../components/notifications';
import { AdminLoginDocument, AdminMeDocument } from '../../graphql/generated/graphql';
import { graphQLErrors, serverMessage } from '../errors';
import { useDocumentTitle } from '../shell/ScreenHeader';

/** The server's words for a refused login, or 'Invalid credentials'; null when the server was not reached. */
function refusalMessage(error: unknown): string | null {
  if (CombinedGraphQLErrors.is(error) || graphQLErrors(error).length > 0) return serverMessage(error) ?? 'Invalid credentials';
  return null;
}

/**
 * Where to go once signed in: `?next=` when it is a path of the admin panel or a staff preview on
 * this site (a preview sends a signed-out visitor here), else the dashboard. Anything else (another
 * host, `//host`, a scheme) is ignored.
 */
export function afterSignIn(next: string | null): { path: string; page: boolean } {
  if (next && /^\/(admin|preview)(\/[^\\]*)?(\?[^\\]*)?$/.test(next) && !next.startsWith('//')) {
    // A preview is a server-rendered page, not one of the admin's screens: a full page load.
    return { path: next, page: next.startsWith('/preview/') };
  }
  return { path: '/admin', page: false };
}

export function LoginPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  useDocumentTitle('Login');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [login, { loading }] = useMutation(AdminLoginDocument, {
    // The guard of /admin asks `me` again; the cached anonymous answer must not be reused.
    update(cache, { data }) {
      if (data) cache.writeQuery({ query: AdminMeDocument, data: { me: data.login } });
    },
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      await login({ variables: { username, password } });
      notify('success', 'Success', 'Logged in successfully');
      const next = afterSignIn(search.get('next'));
      if (next.page) window.location.assign(next.path);
      else navigate(next.path, { replace: true });
    } catch (error) {
      const refusal = refusalMessage(error);
      notify('error', 'Error', refusal ?? 'Failed to login. Please try again.');
    }
  }

  return (
    <Flex as="main" minH="100dvh" align="center" justify="center" bg="bg.subtle" px="4" py="10">
      <Card.Root w="full" maxW="sm" variant="elevated" shadow="lg">
        <Card.Header alignItems="center" textAlign="center" gap="2">
          <Box bg="brand.solid" color="brand.contrast" rounded="full" p="3" mb="1">
            <LockKeyhole size={22} aria-hidden />
          </Box>
          <Heading as="h1" size="xl">
            Admin Login
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Enter your credentials to access the admin panel
          </Text>
        </Card.Header>
        <Card.Body>
          <form onSubmit={submit}>
            <Stack gap="4">
              <Field.Root required>
                <Field.Label>Username</Field.Label>
                <Input
                  name="username"
                  autoComplete="username"
                  autoFocus
                  value={username}
                  onChange={(e) => setUsername(e.target.value)}
                />
              </Field.Root>
              <Field.Root required>
                <Field.Label>Password</Field.Label>
                <Input
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              </Field.Root>
              <Button type="submit" colorPalette="brand" w="full" mt="2" disabled={loading}>
                {loading ? 'Logging in...' : 'Login'}
              </Button>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
    </Flex>
  );
}
