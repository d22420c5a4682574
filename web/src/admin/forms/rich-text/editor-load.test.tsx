import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../../../theme';
import { EditorLoadBoundary } from '../RichTextField';

// The editor is fetched on demand: when its file cannot be fetched (offline; a new version of the
// site replaced it), the field says so and offers to try again, and the rest of the form stays.

let available = false;
function Editor() {
  if (!available) throw new Error('Failed to fetch dynamically imported module');
  return <p>The editor</p>;
}

describe('an editor that cannot be loaded', () => {
  it('says so beside the form and loads on Try again', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {}); // React reports the caught error
    const retry = jest.fn(() => {
      available = true;
    });
    render(
      <ChakraProvider value={system}>
        <p>Title field</p>
        <EditorLoadBoundary onRetry={retry}>
          <Editor />
        </EditorLoadBoundary>
      </ChakraProvider>,
    );
    expect(screen.getByText('The text editor could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Title field')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(screen.getByText('The editor')).toBeInTheDocument();
  });
});
