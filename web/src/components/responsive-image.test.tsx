import { describe, expect, it } from '@jest/globals';
import { render } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../theme';
import { variantSources } from './responsive-image';
import { ResponsiveImage } from './ResponsiveImage';

describe('image variants from the URL alone', () => {
  it('gives AVIF and WebP srcsets at 320, 640 and 1280 px for an uploaded raster image', () => {
    expect(variantSources('/uploads/2f9c-team.png')).toEqual({
      avif: '/uploads/2f9c-team-320.avif 320w, /uploads/2f9c-team-640.avif 640w, /uploads/2f9c-team-1280.avif 1280w',
      webp: '/uploads/2f9c-team-320.webp 320w, /uploads/2f9c-team-640.webp 640w, /uploads/2f9c-team-1280.webp 1280w',
    });
    expect(variantSources('/uploads/photo.JPG')?.avif).toContain('/uploads/photo-640.avif 640w');
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
    const { container } = renderImage(<ResponsiveImage src="/uploads/news-1.png" alt="News 1" sizes="50vw" />);
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0].getAttribute('srcset')).toContain('/uploads/news-1-1280.avif 1280w');
    expect(sources[0].getAttribute('sizes')).toBe('50vw');
    const img = container.querySelector('picture > img')!;
    expect(img).toHaveAttribute('src', '/uploads/news-1.png');
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
