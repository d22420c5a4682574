import { describe, expect, it } from '@jest/globals';
import { render } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../theme';
import { variantSources } from './responsive-image';
import { ResponsiveImage } from './ResponsiveImage';

describe('image variants from the URL alone', () => {
  it('gives AVIF and WebP srcsets at 320, 640 and 1280 px for an uploaded raster image at least 1280 px wide', () => {
    expect(variantSources('/uploads/2f9c-team-w2000.png')).toEqual({
      avif: '/uploads/2f9c-team-w2000-320.avif 320w, /uploads/2f9c-team-w2000-640.avif 640w, /uploads/2f9c-team-w2000-1280.avif 1280w',
      webp: '/uploads/2f9c-team-w2000-320.webp 320w, /uploads/2f9c-team-w2000-640.webp 640w, /uploads/2f9c-team-w2000-1280.webp 1280w',
    });
    expect(variantSources('/uploads/photo-w1280.JPG')?.avif).toBe('/uploads/photo-w1280-320.avif 320w, /uploads/photo-w1280-640.avif 640w, /uploads/photo-w1280-1280.avif 1280w');
  });

  it('never advertises a width past the source: a 480 px upload offers 320w and its own 480w only', () => {
    expect(variantSources('/uploads/demo-news-1-w480.png')).toEqual({
      avif: '/uploads/demo-news-1-w480-320.avif 320w, /uploads/demo-news-1-w480-640.avif 480w',
      webp: '/uploads/demo-news-1-w480-320.webp 320w, /uploads/demo-news-1-w480-640.webp 480w',
    });
    expect(variantSources('/uploads/flag-w90.png')?.webp).toBe('/uploads/flag-w90-320.webp 90w');
    expect(variantSources('/uploads/mid-w1000.png')?.avif).toBe('/uploads/mid-w1000-320.avif 320w, /uploads/mid-w1000-640.avif 640w, /uploads/mid-w1000-1280.avif 1000w');
  });

  it('offers no variants for an upload whose width the page cannot know (stored before widths were named)', () => {
    expect(variantSources('/uploads/2f9c-team.png')).toBeNull();
    expect(variantSources('/uploads/photo.JPG')).toBeNull();
  });

  it('gives none for external URLs, bundled assets, SVGs and anything odd', () => {
    for (const url of [
      'https://cdn.example/uploads/a.png',
      '//cdn.example/uploads/a.png',
      '/assets/poster-abc.jpg',
      '/uploads/logo.svg',
      '/uploads/a.png?v=2',
      'data:image/png;base64,AAAA',
      '',
    ]) {
      expect(variantSources(url)).toBeNull();
    }
  });
});

describe('ResponsiveImage', () => {
  const renderImage = (element: React.ReactElement) => render(<ChakraProvider value={system}>{element}</ChakraProvider>);

  it('offers the variants through <picture> sources with sizes, keeping the original as the fallback', () => {
    const { container } = renderImage(<ResponsiveImage src="/uploads/news-1-w1600.png" alt="News 1" sizes="50vw" />);
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0].getAttribute('srcset')).toContain('/uploads/news-1-w1600-1280.avif 1280w');
    expect(sources[0].getAttribute('sizes')).toBe('50vw');
    const img = container.querySelector('picture > img')!;
    expect(img).toHaveAttribute('src', '/uploads/news-1-w1600.png');
    expect(img).toHaveAttribute('loading', 'lazy');
  });

  it('loads eagerly with high priority above the fold', () => {
    const { container } = renderImage(<ResponsiveImage src="/uploads/a.png" alt="" sizes="100vw" eager />);
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
  });

  it('uses an external image as it is, without a picture element', () => {
    const { container } = renderImage(<ResponsiveImage src="https://cdn.example/a.png" alt="A" sizes="100vw" />);
    expect(container.querySelector('picture')).toBeNull();
    expect(container.querySelector('img')).toHaveAttribute('src', 'https://cdn.example/a.png');
  });
});
