// The result steps the three services share once a check is made: the profile page, its photo and
// its PDF, each delivered as the session's variants say.

import type { PdfContent } from '../pdf/pdf-content.js';
import { renderPdf } from '../pdf/render-pdf.js';
import type { SimPerson } from '../seed/person.js';
import {
  jpegResponse,
  pdfResponse,
  redirectResponse,
  type SimRequest,
  type SimResponse,
} from '../server/http-types.js';
import type { Session } from '../session/session-store.js';
import { pdfDelivery, photoSrc } from './result-delivery.js';
import type { ServiceKit } from './service-kit.js';

/** A result view: whatever the profile template shows, and its title. */
export interface ResultView {
  readonly labels: { readonly title: string };
}

/** The profile page: the view, the photo (data URI or session URL) and how the PDF control opens it. */
export function profilePage<S>(
  kit: ServiceKit<S>,
  req: SimRequest,
  session: Session<S>,
  page: { template: string; view: ResultView; who: SimPerson; photoPath: string },
  extra: Record<string, unknown>,
): SimResponse {
  const v = kit.variantsOf(session);
  return kit.page(
    page.template,
    req,
    {
      ...page.view,
      photoSrc: photoSrc(v, page.who, kit.url(page.photoPath)),
      pdfTarget: pdfDelivery(v).target,
      ...extra,
    },
    { title: page.view.labels.title, session },
  );
}

/** The photo at its session URL, once the check is made; before that, back to the first step. */
export function photoResponse<S>(kit: ServiceKit<S>, who: SimPerson | undefined, made: boolean): SimResponse {
  return who && made ? jpegResponse(who.photoJpeg) : redirectResponse(kit.entryUrl);
}

/** The result PDF, as a download or inline as the session's variants say. */
export async function pdfResult<S>(
  kit: ServiceKit<S>,
  session: Session<S>,
  content: PdfContent,
): Promise<SimResponse> {
  const bytes = await renderPdf(content);
  return pdfResponse(bytes, kit.info.pdfFilename, pdfDelivery(kit.variantsOf(session)).disposition);
}
