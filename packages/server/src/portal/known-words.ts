/**
 * The words a page fingerprint may keep: the wording of the portal pages the driver knows, taken from
 * the research (/work/shared/research/portal.md, its quoted page text) and the simulator's cited page
 * wording (packages/portal-sim/src/services, pdf, forms), word by word, as written (case counts: a
 * capitalised word is known only where the pages capitalise it). Left out on purpose: month names
 * (dates), nationalities, example people's names, code identifiers, and words in capitals other than
 * a few acronyms. Every other word of a page becomes its shape (`Aa`, `9`) in a fingerprint. The
 * list is fixed: a new page's new words show as shapes, which is what an operator needs to see that
 * the page changed, never what it said about a person.
 */
const WORDS = `
A About Accessibility Allowed Application Are Ask Back Basis Born Check Checked Checker Citizenship
Company Conditions Continue Cookie Cookies Date Day Details Download Education Employer Employment
End Enter Error Finish For Full GOV Hide Home Homelessness How ID If Immigration Invalid It Job
Landlord Legal Letting Limits Month Name Nationality No None Not OR Office Organisation Other PDF
Page Permission Permitted Personal Please Privacy Reason Reference Renting Restrictions Right Role
Rules Select Share Sign Sorry Start Statement Status Stay Summary Tenant The Their There They Things
This To Travel Try Type UK Use Valid View Visa Visas Voluntary We What When Why Work Year You You'll
You've Your a able accept accepted access accessibility accounts acting actions active activities
additional address after again agent alert all allowed also an and another answered answers any
anything applicant applicant's application applied apply are as ask assistance attachment attempts
audit auditing available back bank banner based basis be because been before below benefits birth
blank blocks both browser building button by callback can cannot card cards carrying case category
certificate changed character characters check checker checking checks citizens civil close code
codes common company complete conditions conduct confirmation connect content control cookie cookies
copied copy correct could council course created credit current data date dates day days deleted
delivery details did different digital do documents does doesn't doing don't driving duties
eligibility else emailed employ employer employing enabled end ending enter entered entire entry
error essential every example expired expires expiry fail feedback fewer field fieldset finance find
first follow follows for form format forms found from further generating get given global gov
government group had handle happen has have heading health help hidden hide holder homeoffice
housing how id if image immigration improve improvements in include including incorrect info
information inline input instead insurance invalid involve is it job keep key label landlord later
leave letters letting licence like limit limited link list loan loans locked lockout login long
longer looked lookup main make many match matched means message method minute missing month more
mortgages must my name need new no normal not notice now number numbers numeric of on one online
only open or organisation other our out overtime page pages paragraph part passport past pasted
paths pdf penalty period permission permitted person photo placement policy portal preferences
prefix privacy problem profile properties property protection prove public purpose purposes question
random real reason record records redesigned reference regulations reject rejected remember rent
required restrictions result return right rights role row rules run saved see select selection sent
separate service services set settings share sharecode shared sign signed so society some someone
someone's soon sorry sponsor sponsored start started statement status stay step steps student
subject subletting submit summary sure take tenant tenant's text than that the their them then there
they this time timed times title to too training try uk unavailable under understand unlimited
unpaid until up use used user usually valid validate view visa visit voluntary was we web website
were what when which while who whose why will with work working www year years you your
`;

export const KNOWN_WORDS: ReadonlySet<string> = new Set(WORDS.split(/\s+/).filter((word) => word !== ''));

/** What `redactPageText` puts in place of a value (kept as it is), as a split's captured separator. */
const PLACEHOLDER = /(\[(?:typed|share code|date of birth|capitals)\])/;
/** A word: letters (with their accents), digits, and apostrophes inside (don't, O'Brien). */
const WORD = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}\p{N}]+)*/gu;

/** A word's shape: runs of capitals `A`, small letters `a`, digits `9` ("López" → "Aa", "27th" → "9a"). */
export function wordShape(word: string): string {
  let shape = '';
  for (const char of word) {
    const kind = /\p{Lu}|\p{Lt}/u.test(char)
      ? 'A'
      : /\p{L}/u.test(char)
        ? 'a'
        : /\p{N}/u.test(char)
          ? '9'
          : /\p{M}/u.test(char)
            ? ''
            : char;
    if (kind !== '' && !shape.endsWith(kind)) shape += kind;
  }
  return shape;
}

/**
 * `text` with every word that is not in KNOWN_WORDS replaced by its shape; the placeholders that
 * redactPageText leaves (`[typed]`, `[share code]` ...) are kept.
 */
export function keepKnownWords(text: string): string {
  return text
    .split(PLACEHOLDER)
    .map((part, i) =>
      // Odd parts are the placeholders the split captured.
      i % 2 === 1 ? part : part.replace(WORD, (word) => (KNOWN_WORDS.has(word) ? word : wordShape(word))),
    )
    .join('');
}
