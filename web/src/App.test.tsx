import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { App } from './App';
import { renderPublic } from './test/render';

describe('App routes', () => {
  it('renders the 404 page for an unknown public path, inside the public layout', () => {
    renderPublic(<App />, { path: '/does-not-exist' });
    expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Admin Panel' })).toBeInTheDocument();
  });
});
