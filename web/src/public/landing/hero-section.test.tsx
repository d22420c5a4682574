import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { system } from '../../theme';
import { publicSite } from '../../test/fixtures';
import { PublicDataProvider, PublicDataStore } from '../page-data/public-data';
import { HeroSection } from './HeroSection';

// The hero's looping video can be paused (WCAG 2.2.2). That the server-rendered page has no
// <video> element (a browser without scripts would show its control bar) is checked on the
// built server's page, e2e/public-navigation.test.ts.

// The firm's settings (its logo, its name) as the page has them.
const hero = (
  <PublicDataProvider store={new PublicDataStore(() => Promise.reject(new Error('not asked')), { PublicSite: publicSite() })}>
    <ChakraProvider value={system}>
      <HeroSection tagline="Strategy" subtitle="Advice" />
    </ChakraProvider>
  </PublicDataProvider>
);

const originalMatchMedia = window.matchMedia;
const play = jest.fn(() => Promise.resolve());
const pause = jest.fn();

function screenMatches(matches: (query: string) => boolean) {
  window.matchMedia = ((query: string) => ({ ...originalMatchMedia(query), matches: matches(query), media: query })) as typeof window.matchMedia;
}

beforeEach(() => {
  sessionStorage.clear();
  play.mockClear();
  pause.mockClear();
  Object.defineProperty(HTMLMediaElement.prototype, 'play', { configurable: true, value: play });
  Object.defineProperty(HTMLMediaElement.prototype, 'pause', { configurable: true, value: pause });
});

afterEach(() => {
  window.matchMedia = originalMatchMedia;
});

describe('hero video', () => {
  it('on a wide screen plays with a button that pauses and plays it again', async () => {
    screenMatches((query) => query.includes('min-width: 48em'));
    const user = userEvent.setup();
    const { container } = render(hero);
    const button = await screen.findByRole('button', { name: 'Pause background video' });
    const video = container.querySelector('video')!;
    expect(video).not.toHaveAttribute('controls');
    expect(play).toHaveBeenCalled();

    await user.click(button);
    expect(pause).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Play background video' })).toHaveFocus();

    play.mockClear();
    await user.click(screen.getByRole('button', { name: 'Play background video' }));
    expect(play).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pause background video' })).toBeInTheDocument();
  });

  it('stays paused for the rest of the visit once paused', async () => {
    screenMatches((query) => query.includes('min-width: 48em'));
    const user = userEvent.setup();
    const first = render(hero);
    await user.click(await screen.findByRole('button', { name: 'Pause background video' }));
    first.unmount();
    play.mockClear();
    render(hero);
    expect(await screen.findByRole('button', { name: 'Play background video' })).toBeInTheDocument();
    expect(play).not.toHaveBeenCalled();
  });

  it('on a phone (or with reduced motion) has neither video nor button', () => {
    screenMatches(() => false);
    const { container } = render(hero);
    expect(container.querySelector('video')).toBeNull();
    expect(screen.queryByRole('button', { name: /background video/ })).toBeNull();
  });
});
