/**
 * The dashboard's only stylesheet: plain, high-contrast, GOV.UK-like (black text, one font, yellow
 * focus, red errors); no framework, no web fonts, no scripts.
 */
export const DASHBOARD_CSS = `
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Arial, sans-serif; font-size: 1.1875rem; line-height: 1.5; color: #0b0c0c; background: #fff; }
.skip-link { position: absolute; left: -9999px; top: 0; padding: .5rem 1rem; }
.skip-link:focus { left: 0; background: #ffdd00; color: #0b0c0c; z-index: 1; }
.site-header { background: #0b0c0c; color: #fff; border-bottom: 10px solid #1d70b8; }
.site-header .inner { max-width: 64rem; margin: 0 auto; padding: .75rem 1rem; display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; justify-content: space-between; }
.site-header .service { font-weight: 700; font-size: 1.25rem; }
.site-header .who { display: flex; gap: 1rem; align-items: center; }
.site-header button.link { background: none; border: 0; box-shadow: none; color: #fff; text-decoration: underline; padding: 0; margin: 0; }
.site-header button.link:focus { background: #ffdd00; color: #0b0c0c; box-shadow: 0 -2px #ffdd00, 0 4px #0b0c0c; text-decoration: none; }
main { display: block; max-width: 64rem; margin: 0 auto; padding: 1.5rem 1rem 4rem; }
h1 { font-size: 2.25rem; line-height: 1.1; margin: 0 0 1.5rem; }
h2 { font-size: 1.5rem; line-height: 1.2; margin: 2.5rem 0 1rem; }
p { margin: 0 0 1rem; max-width: 44rem; }
a { color: #1d70b8; text-underline-offset: .15em; }
a:visited { color: #4c2c92; }
a:hover { color: #003078; }
a:focus, button:focus, summary:focus { outline: 3px solid transparent; color: #0b0c0c; background-color: #ffdd00; box-shadow: 0 -2px #ffdd00, 0 4px #0b0c0c; text-decoration: none; }
.field { margin-bottom: 1.5rem; }
.field.error { border-left: 5px solid #d4351c; padding-left: .9rem; }
label { display: block; font-weight: 700; margin-bottom: .25rem; }
.hint { color: #505a5f; margin: 0 0 .5rem; }
.error-message { display: block; color: #d4351c; font-weight: 700; margin: 0 0 .5rem; }
input[type=text], input[type=url], input[type=email], input[type=password] { font: inherit; width: 100%; max-width: 40rem; padding: .35rem .4rem; border: 2px solid #0b0c0c; border-radius: 0; background: #fff; color: #0b0c0c; }
.field.error input { border-color: #d4351c; }
input:focus { outline: 3px solid #ffdd00; outline-offset: 0; box-shadow: inset 0 0 0 2px #0b0c0c; }
button { font: inherit; font-size: 1.1875rem; line-height: 1.2; padding: .5rem .9rem; margin: 0 .5rem .75rem 0; background: #00703c; color: #fff; border: 2px solid transparent; border-radius: 0; box-shadow: 0 2px 0 #002d18; cursor: pointer; }
button:hover { background: #005a30; }
button.secondary { background: #f3f2f1; color: #0b0c0c; box-shadow: 0 2px 0 #929191; }
button.secondary:hover { background: #dbdad9; }
button.warning { background: #d4351c; box-shadow: 0 2px 0 #55150b; }
button.warning:hover { background: #aa2a16; }
button:focus, button.secondary:focus, button.warning:focus { background: #ffdd00; color: #0b0c0c; box-shadow: 0 2px 0 #0b0c0c; outline: 3px solid transparent; }
.error-summary { border: 5px solid #d4351c; padding: 1rem 1.25rem; margin-bottom: 2rem; }
.error-summary:focus { outline: 3px solid #ffdd00; outline-offset: 0; }
.error-summary h2 { margin-top: 0; }
.error-summary a { color: #d4351c; font-weight: 700; }
.notice { border: 5px solid #00703c; padding: 1rem 1.25rem; margin-bottom: 2rem; }
.notice:focus { outline: 3px solid #ffdd00; outline-offset: 0; }
.notice h2 { margin-top: 0; }
.notice-failed { border-color: #d4351c; }
a.cancel { display: inline-block; margin: 0.5rem 0 0 1rem; }
.tabs { display: flex; gap: .25rem; list-style: none; margin: 0 0 2rem; padding: 0; border-bottom: 1px solid #b1b4b6; }
.tabs a { display: block; padding: .5rem 1.25rem; background: #f3f2f1; color: #0b0c0c; text-decoration: none; margin-bottom: -1px; border: 1px solid transparent; }
.tabs a[aria-current=page] { background: #fff; border-color: #b1b4b6 #b1b4b6 #fff; font-weight: 700; }
.tabs a:focus { box-shadow: none; }
table { border-collapse: collapse; width: 100%; margin-bottom: 1.5rem; font-size: 1rem; }
caption { text-align: left; font-weight: 700; margin-bottom: .5rem; }
th, td { text-align: left; padding: .5rem 1rem .5rem 0; border-bottom: 1px solid #b1b4b6; vertical-align: top; }
code, .secret { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: .95em; overflow-wrap: anywhere; background: #f3f2f1; padding: .1rem .3rem; }
.secret { word-break: break-all; }
p:focus { outline: 3px solid #ffdd00; outline-offset: 2px; }
.tag { display: inline-block; padding: .1rem .45rem; font-weight: 700; font-size: .95rem; }
.tag-ok { background: #cce2d8; color: #005a30; }
.tag-fail { background: #f6d7d2; color: #942514; }
.tag-wait { background: #fff7bf; color: #594d00; }
.visually-hidden { position: absolute !important; width: 1px; height: 1px; margin: 0; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
form.inline { display: inline; }
dl.summary { display: grid; grid-template-columns: minmax(10rem, max-content) 1fr; gap: .5rem 1.5rem; margin: 0 0 1.5rem; }
dl.summary dt { font-weight: 700; }
dl.summary dd { margin: 0; }
`;
