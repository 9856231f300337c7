/**
 * The applicant's page's only stylesheet, inlined in a <style> element (the page loads nothing):
 * the dashboard's GOV.UK-like look (black text, one system font, yellow focus, red errors), sized for
 * a phone first, with touch targets of at least 44 pixels.
 */
export const APPLICANT_PAGE_CSS = `
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Arial, sans-serif; font-size: 1.1875rem; line-height: 1.5; color: #0b0c0c; background: #fff; }
.site-header { background: #0b0c0c; color: #fff; border-bottom: 10px solid #1d70b8; }
.site-header .inner { max-width: 40rem; margin: 0 auto; padding: .75rem 1rem; font-weight: 700; font-size: 1.25rem; }
main { display: block; max-width: 40rem; margin: 0 auto; padding: 1.5rem 1rem 4rem; }
h1 { font-size: 2rem; line-height: 1.15; margin: 0 0 1.5rem; overflow-wrap: anywhere; }
h2 { font-size: 1.5rem; line-height: 1.2; margin: 2rem 0 1rem; }
p { margin: 0 0 1rem; overflow-wrap: anywhere; }
.lead { font-size: 1.3rem; }
a { color: #1d70b8; text-underline-offset: .15em; }
a:visited { color: #4c2c92; }
a:hover { color: #003078; }
a:focus, button:focus { outline: 3px solid transparent; color: #0b0c0c; background-color: #ffdd00; box-shadow: 0 -2px #ffdd00, 0 4px #0b0c0c; text-decoration: none; }
.field { margin-bottom: 1.75rem; }
.field.error { border-left: 5px solid #d4351c; padding-left: .9rem; }
label { display: block; font-weight: 700; margin-bottom: .25rem; }
fieldset { margin: 0; padding: 0; border: 0; min-width: 0; }
legend { font-weight: 700; font-size: 1.3rem; margin-bottom: .25rem; padding: 0; }
.hint { color: #505a5f; margin: 0 0 .5rem; }
.error-message { display: block; color: #d4351c; font-weight: 700; margin: 0 0 .5rem; }
input[type=text] { font: inherit; min-height: 2.75rem; width: 100%; padding: .35rem .5rem; border: 2px solid #0b0c0c; border-radius: 0; background: #fff; color: #0b0c0c; -webkit-appearance: none; appearance: none; }
input.share-code { max-width: 14rem; text-transform: uppercase; letter-spacing: .05em; }
input.error { border-color: #d4351c; }
input:focus { outline: 3px solid #ffdd00; outline-offset: 0; box-shadow: inset 0 0 0 2px #0b0c0c; }
.date-input { display: flex; flex-wrap: wrap; gap: 1rem; }
.date-input .item { margin: 0; }
.date-input label { font-weight: 400; }
.date-input .day input, .date-input .month input { width: 3.5rem; }
.date-input .year input { width: 5.5rem; }
button { font: inherit; font-size: 1.1875rem; line-height: 1.2; min-height: 2.75rem; padding: .5rem 1.25rem; margin: .5rem 0 1rem; background: #00703c; color: #fff; border: 2px solid transparent; border-radius: 0; box-shadow: 0 2px 0 #002d18; cursor: pointer; }
button:hover { background: #005a30; }
button:focus { background: #ffdd00; color: #0b0c0c; box-shadow: 0 2px 0 #0b0c0c; }
@media (max-width: 40rem) { button { width: 100%; } }
.error-summary { border: 5px solid #d4351c; padding: 1rem 1.25rem; margin-bottom: 2rem; }
.error-summary:focus { outline: 3px solid #ffdd00; outline-offset: 0; }
.error-summary h2 { margin-top: 0; }
.error-summary ul { margin: 0; padding-left: 1.25rem; }
.error-summary a { color: #d4351c; font-weight: 700; }
.notice { border: 5px solid #1d70b8; padding: 1rem 1.25rem; margin-bottom: 2rem; }
.notice h2 { margin: 0 0 .5rem; font-size: 1.1875rem; }
.notice p:last-child { margin-bottom: 0; }
.warning { display: flex; gap: .9rem; align-items: center; margin: 0 0 1.5rem; font-weight: 700; }
.warning .icon { flex: none; display: inline-block; width: 2.2rem; height: 2.2rem; border-radius: 50%; background: #0b0c0c; color: #fff; font-size: 1.6rem; line-height: 2.2rem; text-align: center; }
.warning.test-link { border: 5px solid #0b0c0c; padding: .75rem 1rem; background: #fff; }
.inset { border-left: 10px solid #b1b4b6; padding: .5rem 0 .5rem 1rem; margin: 0 0 1.5rem; }
.panel { background: #00703c; color: #fff; padding: 1.5rem 1.25rem; margin-bottom: 1.5rem; text-align: center; }
.panel h1 { margin: 0; }
dl.summary { margin: 0 0 1.5rem; }
dl.summary div { border-bottom: 1px solid #b1b4b6; padding: .5rem 0; }
dl.summary dt { font-weight: 700; }
dl.summary dd { margin: 0; overflow-wrap: anywhere; }
.visually-hidden { position: absolute !important; width: 1px; height: 1px; margin: 0; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
`;
