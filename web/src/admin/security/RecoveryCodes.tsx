import { Box, Button, Flex, List, Stack, Text } from '@chakra-ui/react';
import { Copy, Download } from 'lucide-react';
import { notify } from '../../components/notifications';

/** The text file a person keeps: where the codes are for, then one code a line. */
export function recoveryCodesText(codes: string[], site: string = window.location.host): string {
  return [`Recovery codes for ${site}`, 'Each code signs you in once, in place of the code from your app or your passkey.', '', ...codes, ''].join('\n');
}

/** The file's name: the site's, so codes of several sites do not overwrite each other. */
export function recoveryCodesFileName(site: string = window.location.hostname): string {
  const safe = site.replace(/[^a-z0-9.-]+/gi, '-').replace(/^-+|-+$/g, '');
  return safe ? `recovery-codes-${safe}.txt` : 'recovery-codes.txt';
}

/** Saves `text` as a file in the browser's downloads. */
function downloadText(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Let the download start before the address goes.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * New recovery codes, shown this once: the ten codes, Copy and Download (.txt), and (when the flow
 * goes on) "I have saved these codes".
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone?(): void }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      notify('success', 'Copied', 'The recovery codes are on the clipboard');
    } catch {
      notify('error', 'Could not copy', 'Select the codes and copy them yourself');
    }
  }

  return (
    <Stack gap="4">
      <Text>
        Keep these codes somewhere safe, such as your password manager. Each one signs you in once if you cannot use your
        app or passkey. <strong>They are shown only this once.</strong>
      </Text>
      <Box borderWidth="1px" rounded="md" bg="bg.subtle" px="4" py="3">
        <List.Root
          as="ol"
          aria-label="Recovery codes"
          listStyleType="none"
          display="grid"
          gridTemplateColumns="repeat(2, minmax(0, 1fr))"
          columnGap="4"
          rowGap="1.5"
          fontFamily="mono"
          fontSize="sm"
        >
          {codes.map((code) => (
            <List.Item key={code} translate="no" spellCheck={false}>
              {code}
            </List.Item>
          ))}
        </List.Root>
      </Box>
      <Flex gap="2" wrap="wrap">
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          <Copy aria-hidden /> Copy
        </Button>
        <Button variant="outline" size="sm" onClick={() => downloadText(recoveryCodesText(codes), recoveryCodesFileName())}>
          <Download aria-hidden /> Download
        </Button>
      </Flex>
      {onDone && (
        <Button colorPalette="brand" onClick={onDone}>
          I have saved these codes
        </Button>
      )}
    </Stack>
  );
}
