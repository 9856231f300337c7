import nunjucks from 'nunjucks';

export interface Renderer {
  render(template: string, context: Record<string, unknown>): string;
}

/**
 * Nunjucks over GOV.UK Frontend's own templates (`govuk/...` from its `dist`) and ours, so the
 * pages carry the real component markup.
 */
export function createRenderer(searchPaths: { govukDist: string; templates: string }): Renderer {
  const loader = new nunjucks.FileSystemLoader([searchPaths.templates, searchPaths.govukDist]);
  const env = new nunjucks.Environment(loader, { autoescape: true, trimBlocks: true, lstripBlocks: true });
  return { render: (template, context) => env.render(template, context) };
}
