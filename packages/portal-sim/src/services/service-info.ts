import type { ServiceName } from '../faults/fault-types.js';
import type { CheckKind } from '../seed/person.js';

/** What differs between the three services apart from their pages. */
export interface ServiceInfo {
  readonly name: ServiceName;
  readonly kind: CheckKind;
  /** Where the service's host is mounted on the simulator's single port. */
  readonly prefix: string;
  /** The service name in the GOV.UK header. */
  readonly serviceName: string;
  /** Path (inside the prefix) of the first step. */
  readonly entryPath: string;
  readonly sessionCookie: string;
  /** Reference numbers: `<prefix>-XXXXXXX-XX`. Only `WE` (right to work) is seen in a real check. */
  readonly referencePrefix: string;
  readonly pdfFilename: string;
}

export const RIGHT_TO_WORK: ServiceInfo = {
  name: 'rightToWork',
  kind: 'right_to_work',
  prefix: '/right-to-work',
  serviceName: "View a job applicant's right to work details",
  entryPath: '/rtw-view',
  sessionCookie: 'rtw-view.sid',
  referencePrefix: 'WE',
  pdfFilename: 'right_to_work_check.pdf',
};

export const RIGHT_TO_RENT: ServiceInfo = {
  name: 'rightToRent',
  kind: 'right_to_rent',
  prefix: '/right-to-rent',
  serviceName: "Check a tenant's right to rent in England",
  entryPath: '/rtr-view',
  sessionCookie: 'rtr-view.sid',
  referencePrefix: 'RE',
  pdfFilename: 'right_to_rent_check.pdf',
};

export const IMMIGRATION_STATUS: ServiceInfo = {
  name: 'immigrationStatus',
  kind: 'immigration_status',
  prefix: '/view-immigration-status',
  serviceName: "Check someone's immigration status",
  entryPath: '/view/start',
  sessionCookie: 'vis.sid',
  referencePrefix: 'SE',
  pdfFilename: 'immigration_status_check.pdf',
};
