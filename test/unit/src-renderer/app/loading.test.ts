// The shared loading placeholder: a named status region (what axe and screen readers need), with
// the skeleton shapes it was asked for and nothing else.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Loading, skeletonRows } from '../../../../src-renderer/app/Loading';

describe('Loading', () => {
  it('is a busy status region named by what loads, holding the asked-for shapes in order', () => {
    const html = renderToStaticMarkup(createElement(Loading, { label: 'Loading matches', className: 'lb-skeleton', shapes: ['title', ...skeletonRows(2)], testId: 'matches-loading' }));
    expect(html).toBe(
      '<div class="lb-skeleton" role="status" aria-busy="true" aria-label="Loading matches" data-testid="matches-loading">' +
        '<div class="skeleton skeleton-title"></div><div class="skeleton skeleton-row"></div><div class="skeleton skeleton-row"></div></div>',
    );
  });

  it('without shapes is one element, and without a test id has no data-testid', () => {
    const html = renderToStaticMarkup(createElement(Loading, { label: 'Loading the plan', className: 'skeleton skeleton-block' }));
    expect(html).toBe('<div class="skeleton skeleton-block" role="status" aria-busy="true" aria-label="Loading the plan"></div>');
  });

  it('skeletonRows gives that many list rows', () => {
    expect(skeletonRows(3)).toEqual(['row', 'row', 'row']);
    expect(skeletonRows(0)).toEqual([]);
  });
});
