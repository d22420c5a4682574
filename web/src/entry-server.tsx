import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from './App';

// Server-side rendering entry; the public-site work fills in data loading and head tags.
export function render(url: string) {
  return { html: renderToString(<StaticRouter location={url}><App /></StaticRouter>), status: 200, head: '' };
}
