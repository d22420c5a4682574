import { describe, expect, it } from '@jest/globals';
import { selectProjectsPreview } from './project-rules';

const item = (id: number, featured = false) => ({ id, featured });

describe('landing projects preview', () => {
  it('shows every featured project, even more than 6', () => {
    const clients = [1, 2, 3, 4, 5, 6, 7, 8].map((id) => item(id, id !== 2));
    expect(selectProjectsPreview(clients).map((c) => c.id)).toEqual([1, 3, 4, 5, 6, 7, 8]);
  });

  it('falls back to the first 6 when none is featured', () => {
    const clients = [1, 2, 3, 4, 5, 6, 7, 8].map((id) => item(id));
    expect(selectProjectsPreview(clients).map((c) => c.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
