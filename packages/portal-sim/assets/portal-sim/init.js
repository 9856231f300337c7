// Starts GOV.UK Frontend's components (conditional radios, error summary focus, buttons).
import { initAll } from '/assets/govuk-frontend.min.js';

initAll();
