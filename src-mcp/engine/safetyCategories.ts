// The categories the safety screen flags (issue 32), written from the published categories rather
// than from examples:
//  - the seven "experiments of concern" of the US policy on dual-use research of concern (2012,
//    after the National Research Council's 2004 Fink report): enhance virulence; confer resistance
//    to therapeutics or countermeasures; defeat a vaccine or immunity; increase transmissibility;
//    alter host range or tropism; evade detection or diagnosis; enable weaponisation or dissemination;
//  - the additions of the 2024 US policy for oversight of DURC and pathogens with enhanced pandemic
//    potential: reconstituting an extinct or eradicated agent; increasing stability or persistence;
//  - making chemical weapons (CWC Schedules 1–2), intent to harm at scale, and the two older rules
//    this screen always had (harm to research participants, explosives).
// Each category is an action pattern crossed with the classes of agent it needs (safetyLists.ts).
// Patterns are written on word stems so that every form counts (evade, evades, evading, evasion;
// transmissible, transmissibility, transmission) and, where English allows, in both word orders
// (active and passive: "increase its transmissibility", "transmissibility is to be increased").
import type { AgentClass } from './safetyLists.js';

/** Which benign framing can clear a hit of a category (safetyCues.ts); negation always can. */
export type Excuse = 'policy' | 'defence' | 'explanation';

export interface SafetyCategory {
  id: string;
  /** The published category, as the verdict names it. */
  title: string;
  /** What the flagged text proposes, for the scientist. */
  reason: string;
  patterns: readonly RegExp[];
  /** The sentence, or else the whole piece of work, must name an agent of one of these classes; none = no agent needed. */
  agents: readonly AgentClass[];
  /** A long hit can be turned around by its own middle words ("develop masks that reduce the airborne spread"). */
  negatedWithin?: boolean;
  /** Only an agent the lists name counts ("botulinum toxin"), not a generic word ("a toxin", "bacteria"). */
  namedAgentOnly?: boolean;
  excusedBy: readonly Excuse[];
}

const BIO: readonly AgentClass[] = ['select_agent', 'pathogen'];
const BIO_OR_TOXIN: readonly AgentClass[] = [...BIO, 'toxin'];
const ANY_AGENT: readonly AgentClass[] = [...BIO_OR_TOXIN, 'chemical_weapon', 'industrial_chemical'];
const EXPERIMENT: readonly Excuse[] = ['policy', 'defence', 'explanation'];

/** Builds a case-insensitive pattern from parts: `${A}` etc. are stems, GAP a short stretch of the same clause. */
function rx(source: string): RegExp {
  // A clause does not cross . ; : ? or ! — but "E. coli" and "B. anthracis" are one clause.
  const gap = (n: string) => `(?:[^.;:?!]|\\.(?=\\s?[a-z])){0,${n}}?`;
  return new RegExp(source.replace(/GAP(\d+)/g, (_, n: string) => gap(n)).replace(/GAP/g, gap('60')), 'i');
}

/** Verbs that make more of something. */
const RAISE = String.raw`(?:enhanc|increas|rais|boost|augment|heighten|maximi[sz]|amplif|restor|improv|strengthen|potentiat|exacerbat|worsen|intensif|extend|lengthen|prolong|expand|broaden|widen|optimi[sz])\w*`;
/** RAISE, and the verbs that give a property: "confer transmissibility", "combine its lethality with …". */
const RAISE_OR_GIVE = String.raw`(?:${RAISE}|(?:confer|gain|acquir|endow|impart|combin|merg)\w*)`;
/** Verbs that change or make an organism: the manipulation a descriptive sentence lacks. */
const MANIPULATE = String.raw`(?:engineer|combin|make|makes|making|made|creat|generat|deriv|select|passag|adapt|insert|modif|alter|chang|mutat|design|develop|produc|build|construct|render|turn|convert|evolv|breed|give|giving|gave|allow|let|lets|enabl|obtain|swap|exchang|introduc|reassort|edit|recod|splic|transfer|retarget|re-target|confer)\w*`;

const HARM_NOUN = String.raw`(?:virulen\w*|pathogenicity|pathogenesis|lethal\w*|deadl\w*|fatal\w*|case[- ]fatality|mortality|severity|toxicity|potency|infectivity|replicat\w*|fitness)`;
const HARM_MORE = String.raw`\b(?:more|most|greater|higher|heightened|enhanced|increased|maximal|improved|augmented)[- ](?:virulen\w*|lethal\w*|deadly|pathogenic\w*|severe|toxic\w*|potent|harmful|dangerous|fatal\w*|infectious|infective)\b|\bdeadlier\b|\bkill\w* (?:a )?(?:larger|greater|higher)\b|\bkill\w* more\b`;

const DRUG = String.raw`(?:antibiotic|antimicrobial|antiviral|antifungal|drug|therap|treatment|antitoxin|antiseru|monoclonal|countermeasure|first[- ]line|last[- ]resort|ciprofloxacin|doxycycline|penicillin|streptomycin|gentamicin|levofloxacin|fluoroquinolone|aminoglycoside|tetracycline|carbapenem|colistin|rifampi|isoniazid|bedaquiline|oseltamivir|zanamivir|baloxavir|peramivir|amantadine|tecovirimat|brincidofovir|cidofovir|remdesivir|nirmatrelvir|molnupiravir|favipiravir|ribavirin|vancomycin|meropenem|azithromycin|chloramphenicol|atropine|pralidoxime|oxime|paxlovid|tamiflu|xofluza|tpoxx|cipro|disinfect|decontamina|sterili[sz]|bleach)\w*`;
const WITHSTAND = String.raw`(?:resist\w*|tolera\w*|insensitiv\w*|refractory|unresponsive|impervious|escap\w*|surviv\w*|withstand\w*|evad\w*|evasion|overcom\w*|defeat\w*)`;

const IMMUNITY = String.raw`(?:vaccin\w*|immuni\w*|immune\w*|antibod\w*|antisera|antiserum|sera|serum|neutrali[sz]\w*|protection|T[- ]cells?|booster\w*)`;
const DEFEAT = String.raw`(?:(?:abolish|ablat|eliminat|disrupt|destroy|knock\w* out|abrogat)\w*|evad\w*|evasion|escap\w*|overcom\w*|defeat\w*|circumvent\w*|bypass\w*|break\w* through|breakthrough|undermin\w*|subvert\w*|abrogat\w*|nullif\w*|counteract\w*|resist\w*|outpac\w*|slip\w* past|get\w* (?:past|around))`;
const FAIL = String.raw`(?:no longer|fail\w*|cannot|can no longer|can't|do not|does not|don't|unable to|ineffective|useless|powerless)`;

const SPREAD_NOUN = String.raw`(?:transmissib\w*|transmission\w*|transmit\w*|contagio\w*|spread\w*|R0|basic reproduction number|reproduct\w* number|airborne|human[- ]to[- ]human|person[- ]to[- ]person)`;

const HOST = String.raw`(?:host[- ]range|tropism|species barriers?|species jump|new (?:hosts?|species)|receptor[- ]binding|receptor usage|receptor specificity|ACE2|sialic acid|human[- ]type receptors?)`;
const NEW_HOST = String.raw`(?:humans?|people|human (?:ones|cells|neurons|tissues?|airways?|airway (?:cells|receptors)|receptors?|hosts?|ACE2|lungs?)|cattle|pigs|new (?:hosts?|species)|(?:the |new |other )?(?:mosquito|tick|insect) (?:species|vectors?)|(?:[\w-]+ )?(?:mosquito(?:es)?|ticks|insects|vectors))`;

const DETECTION = String.raw`(?:detect\w*|diagnos\w*|PCR|RT-PCR|primers?|assays?|tests?|testing|screening|screens?|surveillance|biosurveillance|sampling|sensors?|monitoring|sequence checks?|checks|export controls?|customs|inspection\w*|identification|security|checkpoints?|border controls?|(?:gene|DNA|synthesis|synthetic gene) orders?|synthesis providers?)`;
const HIDE = String.raw`(?:(?:ways?|get\w*|go\w*|work\w*) around|evad\w*|evasion|escap\w*|avoid\w*|bypass\w*|circumvent\w*|defeat\w*|foil\w*|fool\w*|hid\w*|conceal\w*|mask\w*|disguis\w*|camouflag\w*|slip\w* (?:past|through)|(?:get|sneak|smuggl)\w* (?:[\w'-]+ ){0,3}?(?:past|through)|smuggl\w*|dodg\w*|spoof\w*|trick\w*)`;

const PLACE = String.raw`(?:wide area|areas?|towns?|city|cities|crowds?|farmland|fields|populations?|public|aircraft|drones?|planes?|subways?|metro|airports?|terminals?|stadiums?|shopping|concerts?|markets?|schools?|buildings?|ventilation|water supply|water system|reservoirs?|food|drinks?|herds?|livestock|crops|country|region|troops|civilians|commuters)`;

const RECONSTITUTE = String.raw`(?:reverse[- ]engineer\w*|reactivat\w*|thaw\w*|back to life|reconstruct\w*|reconstitut\w*|recreat\w*|re-creat\w*|resurrect\w*|reviv\w*|rebuil\w*|re-build\w*|regenerat\w*|reassembl\w*|re-assembl\w*|(?:bring|brought)\w* (?:[\w-]+ ){0,3}?back|de novo|from scratch|boot\w* (?:it|them|up|into))`;
const GONE = String.raw`(?:extinct|eradicated|1918|spanish (?:flu|influenza)|variola|smallpox|rinderpest|horsepox|polio\w*)`;
const FROM_SEQUENCE = String.raw`(?:(?:commercial\w*|synthetic|ordered|mail-order)(?: \w+)? (?:DNA|genomes?|fragments?)|genome sequences?|published (?:genomes?|sequences?)|from (?:its |their )?sequences?|sequence data|live virus|infectious (?:clones?|virus|particles?)|reverse genetics|chemically synthesi[sz]\w*|(?:chemical|de novo|total) synthesis|DNA fragments|mail-order DNA|complete (?:\w+ )?genomes?)`;

const LASTING = String.raw`(?:stabilit\w*|persisten\w*|persist\w*|shelf[- ]life|half[- ]life|desiccation|ultraviolet|UV|sunlight|heat|thermostab\w*|hardiness|viability|dry air)`;

/**
 * Making or changing an organism in the lab: what turns a noun phrase ("airborne transmission of
 * Ebola virus", "multidrug resistance in Burkholderia") from a description of nature into a proposal.
 */
export const MANIPULATION = String.raw`\b(?:engineer\w*|introduc\w*|insert\w*|creat\w*|generat\w*|modif\w*|make|makes|made|making|passag\w*|select\w*|adapt\w*|mutat\w*|mutagen\w*|edit\w*|design\w*|construct\w*|synthesi[sz]\w*|recod\w*|swap\w*|reassort\w*|convert\w*|render\w*|be (?:made|modified|engineered|altered|changed|adapted)|reverse genetics|directed evolution|in the (?:lab|laboratory)|on purpose|deliberately|combin\w*|under (?:drug|antibiotic|antibody|antiviral) (?:pressure|selection))\b`;
/** The pattern counts only in a sentence that also makes or changes something. */
function withManipulation(source: string): string {
  return String.raw`(?:(?<=${MANIPULATION}.*)|(?=.*${MANIPULATION}))(?:${source})`;
}

/** A harm verb in the form of a goal: imperative, infinitive, or "could/would …" (not "malaria kills"). */
const GOAL = String.raw`(?:^\s*|\b(?:to|would|could|can|will|might|and|then)\s+|[:,]\s*)`;

export const SAFETY_CATEGORIES: readonly SafetyCategory[] = [
  {
    id: 'enhance_virulence',
    title: 'enhance virulence (experiment of concern)',
    reason: 'proposes making an agent more virulent, lethal or toxic',
    patterns: [
      rx(String.raw`\b${RAISE_OR_GIVE}\bGAP\b${HARM_NOUN}`),
      rx(HARM_MORE),
      rx(String.raw`\bgain[- ]of[- ]function\b`),
      // Killing or infecting at a lower dose is more virulence by another name.
      rx(String.raw`\b(?:kill\w*|infect\w*)\bGAP40\b(?:lower|smaller|reduced|tenth|fraction|hundredth)\bGAP20\b(?:dose|LD50|ID50)\b|\b(?:lower\w*|reduc\w*)\b (?:its |the )?(?:lethal|infectious) dose\b`),
      rx(withManipulation(String.raw`\b(?:highest|maximum|maximal|greatest)\s+(?:[\w-]+\s+)?${HARM_NOUN}`)),
      // A made agent with another's harmful trait: "a coronavirus with the case-fatality rate of MERS".
      // Reversion of an attenuated strain: "convert the vaccine strain back into a virulent form".
      rx(String.raw`\b(?:revert|convert|restor|turn|return)\w*\bGAP80\b(?:back )?(?:in)?to (?:a |an |its |the )?(?:virulen\w*|pathogenic\w*|wild[- ]type|lethal\w*|fully virulent)`),
      rx(String.raw`\bwith the\bGAP50\b${HARM_NOUN}(?: rate)? of\b`),
      // Giving an organism a toxin or virulence genes it lacks.
      rx(String.raw`\b(?:insert|introduc|transfer|add|clon|express|mov)\w*\bGAP40\b(?:toxin|virulence|pathogenicity)[- ](?:genes?|factors?|islands?|plasmids?)\b`),
      rx(String.raw`\b(?:engineer|modif|equip|arm)\w*\bGAP40\bto (?:produce|express|secrete|make|carry)\b(?=.*\btoxins?\b)`),
    ],
    agents: BIO_OR_TOXIN,
    negatedWithin: true,
    excusedBy: EXPERIMENT,
  },
  {
    id: 'resist_countermeasures',
    title: 'confer resistance to therapeutics or countermeasures (experiment of concern)',
    reason: 'proposes making an agent resistant to the drugs or antitoxins that treat it',
    patterns: [
      rx(String.raw`\b${WITHSTAND}\bGAP\b${DRUG}`),
      rx(withManipulation(String.raw`\b(?:(?:multi-?drug|pan-?drug|antibiotic|antimicrobial|antiviral|drug|extensive(?:ly)?[- ]drug)[- ])?resistant\b|\b(?:multi-?drug|pan-?drug|antibiotic|antimicrobial|antiviral|drug|extensive(?:ly)?[- ]drug)[- ]resistance\b`)),
      rx(String.raw`\bno longer (?:respond\w*|susceptible|sensitive)\b|\b(?:untreatable|pan-(?:drug-)?resistant)\b`),
      rx(String.raw`\b(?:cannot|can't|can no longer|could not|impossible to|hard(?:er)? to|difficult to|more difficult to)(?: be)? (?:treat|cure|clear)\w*`),
      rx(String.raw`\b${DRUG}GAP40\b(?:no longer|can no longer|fail\w* to|cannot|do not|does not) (?:work|kill|clear|treat|cure|inhibit|neutrali[sz]e|block|bind)\b`),
    ],
    agents: BIO_OR_TOXIN,
    excusedBy: EXPERIMENT,
  },
  {
    id: 'defeat_immunity',
    title: 'defeat a vaccine or immunity (experiment of concern)',
    reason: 'proposes making an agent escape vaccines, antibodies or immunity',
    patterns: [
      rx(String.raw`\b${DEFEAT}\bGAP\b${IMMUNITY}`),
      rx(String.raw`\b(?:immune|vaccine|antibody|immunity)[- ](?:evasion|escape|evading|escaping|resistant|resistance|breakthrough)\b|\bescape (?:variants?|mutants?|mutations?|substitutions?)\b`),
      rx(String.raw`\b${IMMUNITY}GAP\b${FAIL}\b`),
      rx(String.raw`\b(?:infect\w*|kill\w*|harm\w*|against|sicken\w*) vaccinated\b`),
      rx(String.raw`\brender\w*\bGAP40\bineffective\b`),
    ],
    agents: BIO_OR_TOXIN,
    excusedBy: EXPERIMENT,
  },
  {
    id: 'increase_transmissibility',
    title: 'increase transmissibility (experiment of concern)',
    reason: 'proposes making a pathogen spread more easily',
    patterns: [
      rx(String.raw`\b${RAISE_OR_GIVE}\bGAP\b${SPREAD_NOUN}`),
      rx(String.raw`\b${SPREAD_NOUN}GAP\b(?:is|are|be|been|being|was|were)\bGAP20\b(?:increas|enhanc|rais|boost|improv|amplif|heighten)\w*`),
      rx(String.raw`\b(?:more|highly|efficient\w*|readily|better|easily|faster|wider|widely|rapidly|greater|increased|enhanced|heightened)[- ](?:transmissib\w*|contagious|airborne|spread\w*|transmit\w*|transmission|infectious|infective)\b`),
      rx(String.raw`\b(?:spread\w*|pass|passes|passing|transmit\w*|jump\w*)\b(?: \w+){0,3}? (?:more )?(?:efficiently|readily|easily|rapidly|widely|faster)\b`),
      rx(withManipulation(String.raw`\b(?:airborne|aerosol|respiratory|droplet|human[- ]to[- ]human|person[- ]to[- ]person|efficient|sustained) (?:transmission|spread|transmissibility)\b`)),
      rx(String.raw`\b${MANIPULATE}\bGAP80\b(?:airborne|transmissible|contagious|(?:spread\w*|transmit\w*|pass\w*|mov\w*) (?:by|through|via|between|among|from)|respiratory droplets?|aerosols?|airborne route|respiratory route|human[- ]to[- ]human|person[- ]to[- ]person)\b`),
    ],
    agents: BIO,
    negatedWithin: true,
    excusedBy: EXPERIMENT,
  },
  {
    id: 'alter_host_range',
    title: 'alter host range or tropism (experiment of concern)',
    reason: 'proposes changing which hosts or tissues a pathogen infects',
    patterns: [
      rx(String.raw`\b(?:expand|broaden|extend|widen|chang|alter|shift|switch|retarget|re-target|redirect|reprogram|hijack|manipulat|adapt|swap|giv|confer|enabl|allow|increas|enhanc|modif|engineer|mutat)\w*\bGAP\b${HOST}`),
      // A change of host named as a noun, with where it goes: "host switching of bat coronaviruses to humans".
      rx(String.raw`\b(?:host|species|receptor|tropism)[- ]?(?:switch\w*|shift\w*|jump\w*|chang\w*|expan\w*|alter\w*|adapt\w*)\bGAP\b(?:to|toward|towards|into|in) ${NEW_HOST}\b`),
      rx(String.raw`\b(?:cross\w*|jump\w*|breach\w*|overcom\w*|break\w*)\bGAP30\bspecies(?: barriers?| boundaries| lines)?\b`),
      rx(String.raw`\badapt\w*\b(?: [\w-]+){0,5}? to ${NEW_HOST}\b`),
      rx(String.raw`\b${MANIPULATE}\bGAP80\b(?:infect\w*|replicat\w*|propagat\w*|grow\w*|bind\w*|us(?:e|es|ing)|enter\w*|spill\w* over|jump\w*|pass\w*)\b(?:,? [\w-]+){0,3}? (?:in |into |to )?(?:efficiently )?${NEW_HOST}\b`),
    ],
    agents: BIO,
    negatedWithin: true,
    excusedBy: EXPERIMENT,
  },
  {
    id: 'evade_detection',
    title: 'evade detection or diagnosis (experiment of concern)',
    reason: 'proposes making an agent escape detection, diagnosis or screening',
    patterns: [
      rx(String.raw`\b${HIDE}\bGAP50\b${DETECTION}\b`),
      rx(String.raw`\b(?:undetect\w*|unnotic\w*|undiagnos\w*|unrecogni[sz]\w*|invisible|stealth\w*|misdiagnos\w*|diagnosed late|delay\w* (?:the )?diagnos\w*|escap\w* notice|under the radar|not (?:be )?(?:detected|recogni[sz]ed|identified|registered|picked up|noticed))\b`),
      rx(String.raw`\b(?:hard|harder|difficult|more difficult|impossible)(?: for \w+)? to (?:detect|diagnos\w*|identify|trace|recogni[sz]e|attribute|notice)\b`),
      rx(String.raw`\b(?:symptoms? (?:that )?mimic\w*|mimic\w* (?:a |an |the )?(?:common cold|flu|harmless|benign|commensal|natural))`),
      rx(String.raw`\b${DETECTION}GAP40\b(?:miss|misses|missed|fail\w* to (?:detect|identify|register|recogni[sz]e|pick up|catch|flag|notice)|cannot (?:detect|identify|pick up|see|recogni[sz]e)|(?:do|does) not (?:detect|recogni[sz]e|flag|identify|pick up|catch|register))\b`),
    ],
    agents: ANY_AGENT,
    excusedBy: EXPERIMENT,
  },
  {
    id: 'evade_biosecurity_controls',
    title: 'evade detection or diagnosis (experiment of concern): biosecurity controls',
    reason: 'proposes getting around DNA synthesis screening, export controls or other biosecurity checks',
    patterns: [rx(String.raw`\b${HIDE}\bGAP50\b(?:(?:biosecurity|DNA synthesis|gene synthesis|synthesis|sequence|customer) (?:screening|checks?|controls?)|export controls?|customs)\b`)],
    agents: [],
    excusedBy: ['policy', 'defence'],
  },
  {
    id: 'weaponise_or_disseminate',
    title: 'enable weaponisation or dissemination (experiment of concern)',
    reason: 'proposes weaponising an agent or releasing it on people, animals or crops',
    patterns: [
      rx(String.raw`\bweaponi[sz]\w*|\b(?:bio)?weapons?\b|\bbioterror\w*|\bbiological warfare\b|\bmunitions?\b|\bwarheads?\b|\bbattlefield\b|\bbomblets?\b`),
      rx(String.raw`\b(?:aerosoli[sz]\w*|dispers\w*|disseminat\w*|spray\w*|releas\w*|drop\w*|scatter\w*)\bGAP\b(?:over|across|into|onto|from|through|throughout|in|at|among)\s+(?:a |an |the |its |their )?(?:[\w'’-]+ ){0,3}?${PLACE}\b`),
      rx(String.raw`${GOAL}spread\w*\bGAP\b(?:over|across|into|through|throughout|in|among)\s+(?:a |an |the |its |their )?(?:[\w'’-]+ ){0,3}?${PLACE}\b`),
      rx(String.raw`\b(?:dispers\w*|disseminat\w*|spray\w*|releas\w*|deliver\w*|drop\w*)\bGAP40\b(?:by|from|with|using|via) (?:[\w-]+ ){0,2}?(?:aircraft|drones?|crop[- ]dusters?|planes?|sprayers?|missiles?|rockets?|shells?|bombs?|balloons?)\b`),
      rx(String.raw`\b${RAISE}\bGAP30\b(?:dispersal|dissemination)\b`),
      rx(String.raw`\breleas\w*\bGAP60\b(?:spread\w*|transmit\w*|carr\w*) (?:a |an |the )?(?:lethal|deadly|engineered|modified|virulent)\b`),
      rx(String.raw`\bfor (?:wide[- ]area |aerosol |mass )?(?:release|dispersal|dissemination|deployment|dispersion)\b|\bwide[- ]area release\b|\bdry (?:agent|powder)\b|\binhalable\b|\bstable powder\b|\bdeep lung\b|\bsuited to release\b|\bas an aerosol\b`),
      rx(String.raw`\b(?:contaminat|poison|lac|spik|tamper|adulterat|put|add|introduc|slip)\w*\bGAP\b(?:water supply|water system|reservoirs?|food (?:supply|chain|distribution|products?)|drinks?|beverages?|bottled|municipal|wells?)\b`),
    ],
    agents: ANY_AGENT,
    excusedBy: ['policy'],
  },
  {
    id: 'produce_at_scale',
    title: 'enable weaponisation or dissemination (experiment of concern): production at scale',
    reason: 'proposes producing a listed agent or toxin in quantity',
    patterns: [
      rx(String.raw`\b${RAISE}\bGAP20\b(?:toxin )?(?:yields?|production|output|titres?|titers?)\b`),
      rx(String.raw`\b(?:gram|kilogram|kg|litre|liter|industrial|bulk|large|mass)[- ](?:scale|quantit\w*|amounts?|volumes?|batch\w*)\b|\bin quantity\b|\bin bulk\b|\bscal\w* up\b|\bmass[- ]produc\w*|\bquantities (?:that|sufficient|enough)\b|\b(?:amounts?|quantit\w*) (?:sufficient|enough) to\b`),
    ],
    agents: ['select_agent', 'toxin', 'chemical_weapon'],
    namedAgentOnly: true,
    excusedBy: ['policy', 'defence'],
  },
  {
    id: 'reconstitute_eradicated_agent',
    title: 'reconstitute an extinct or eradicated agent (enhanced-pathogen research)',
    reason: 'proposes bringing back an extinct or eradicated agent',
    patterns: [
      rx(String.raw`(?:(?<=\b(?:${GONE}|${FROM_SEQUENCE}).*)|(?=.*\b(?:${GONE}|${FROM_SEQUENCE})))\b${RECONSTITUTE}`),
      // Making the agent itself ("recover live 1918 influenza virus"), not its sequences, from DNA or by reverse genetics.
      rx(String.raw`\b(?:make|produc|generat|recover|rescu|creat|obtain|deriv)\w*\b(?: [\w-]+){0,3}? (?:live |infectious |replicating )?${GONE}\b(?!(?: [\w-]+){0,2} (?:sequences?|genes?|fragments?|DNA|RNA|genomes?)\b)(?:(?<=\b${FROM_SEQUENCE}.*)|(?=.*\b${FROM_SEQUENCE}))`),
      rx(String.raw`\b(?:synthesi[sz]\w*|assembl\w*)\b(?=.*\b(?:extinct|eradicated|variola|smallpox|1918|spanish flu|rinderpest|horsepox|live virus|infectious (?:clones?|virus)))`),
    ],
    agents: BIO,
    excusedBy: ['policy', 'defence'],
  },
  {
    id: 'increase_persistence',
    title: 'increase stability or environmental persistence (enhanced-pathogen research)',
    reason: 'proposes making an agent survive or stay active longer outside a host',
    patterns: [
      rx(String.raw`\b(?:${RAISE}|stabili[sz]\w*|harden\w*|toughen\w*)\bGAP\b${LASTING}\b`),
      rx(String.raw`\b(?:remain\w*|stay\w*|stays|surviv\w*|persist\w*|last\w*|tolerat\w*)\bGAP40\b(?:longer|for (?:months|weeks|years|days)|indefinitely)\b`),
      rx(String.raw`\bmore (?:persistent|stable|durable|hardy|robust)\b|\bstabili[sz]\w*\b`),
      rx(withManipulation(String.raw`\b(?:thermostable|heat[- ](?:stable|resistant|tolerant)|desiccation[- ](?:tolerant|resistant)|UV[- ](?:resistant|tolerant)|environmentally (?:stable|hardy|persistent)|persistent)\b`)),
    ],
    agents: BIO_OR_TOXIN.concat('chemical_weapon'),
    negatedWithin: true,
    excusedBy: EXPERIMENT,
  },
  {
    id: 'chemical_weapon',
    title: 'make a chemical weapon (CWC Schedules 1–2)',
    reason: 'proposes making, obtaining or improving a chemical warfare agent',
    patterns: [
      rx(String.raw`\b(?:synthes\w*|produc\w*|manufactur\w*|make|makes|making|made|prepar\w*|obtain\w*|acquir\w*|buy\w*|bought|purchas\w*|stockpil\w*|develop\w*|design\w*|creat\w*|scal\w* up|isolat\w*|extract\w*|find|deploy\w*)\b`),
      rx(String.raw`\b(?:novel|new|improved|next-generation)\s+(?:[\w-]+\s+)?(?:nerve|blister|chemical|V-series|A-series|G-series)[- ](?:agents?|weapons?)\b|\b(?:higher|greater|increased) (?:toxicity|potency|lethality|persistence)\b`),
      rx(String.raw`\b(?:routes? (?:to|for)|precursors? (?:to|for|of)|analogues?|analogs?|more (?:potent|lethal|toxic|persistent)|in (?:kilogram|gram|large|bulk) quantit\w*|in quantity|home laborator\w*|binary (?:munition|weapon)s?)\b`),
    ],
    agents: ['chemical_weapon'],
    excusedBy: ['policy', 'defence'],
  },
  {
    id: 'mass_harm',
    title: 'intent to harm at scale',
    reason: 'proposes harming many people, animals or crops at once',
    patterns: [
      rx(String.raw`${GOAL}(?:kill|sicken|harm|poison|infect|injure|incapacitate|maim|murder|hurt|expose)\bGAP30\b(?:as many|the most|thousands|hundreds|millions|many people|large numbers|the greatest number|a (?:whole |large )?(?:city|town|population)|civilians|commuters|crowds?|the public|passengers|spectators|battalions?|regiments?|platoons?|troops|soldiers|an army|livestock|(?:a )?herds?|crops|farms|a (?:region|country))\b`),
      rx(String.raw`${GOAL}(?:cause|inflict|maximi[sz]e|produce)\bGAP30\b(?:mass casualt\w*|casualties|deaths|fatalities|panic|terror|an? (?:epidemic|pandemic|outbreak))|\bcaus\w* mass casualt\w*|\bthe greatest number of deaths\b`),
      rx(String.raw`${GOAL}(?:trigger|start|spark|seed|unleash|ignite)\s+(?:a |an )?(?:new )?(?:pandemic|epidemic|outbreak)\b`),
      rx(String.raw`(?<!\b(?:heart|panic|asthma|migraine)\s)\battacks? on\b|\bterror(?:ist)? attacks?\b|\bfor use against\b|\buse (?:it |them )?against (?:troops|soldiers|civilians|people|the enemy|an enemy|populations?)|\bagainst (?:troops|soldiers|civilians|the enemy)\b|\b(?:plan\w*|carry out|stage|for) (?:an |the |a )?(?:\w+ )?attacks?\b`),
      rx(String.raw`\bmass (?:poisoning|killing|murder|infection|contamination)\b|\b(?:poisoning|contamination|infection) of (?:a |an |the )?(?:city|town|population|water supply|reservoir|crowd|food supply)\b|\benemy (?:[\w-]+ )?(?:crops|fields|troops|soldiers|forces|territory|population|cities|livestock|herds|country)\b`),
      rx(String.raw`\b(?:target\w*|kill\w*|harm\w*|infect\w*|affect\w*)\b(?: only)? (?:people|persons|individuals|populations?|groups?) (?:of|with|from) (?:a |one |particular |specific |certain )*(?:ethnic\w*|race|racial|ancestry|genetic background|nationality)`),
      rx(String.raw`\b(?:cripple|devastate|wipe out|destroy|ruin|disrupt|sabotag\w*)\bGAP30\b(?:agricultur\w*|economy|food supply|harvests?|herds|crops|livestock|population|exports|trade)`),
    ],
    agents: [],
    excusedBy: ['policy'],
  },
  {
    id: 'human_subjects_harm',
    title: 'harm to research participants',
    reason: 'proposes exposing people to harm or experimenting without consent',
    patterns: [
      rx(String.raw`\bwithout (?:their |prior |written )?(?:informed )?(?:consent|knowledge)\b|\bwithout (?:telling|asking|informing)\b|\bcovert(?:ly)? (?:dose|dosing|administer\w*|expos\w*|infect\w*)\b|\b(?:unsuspecting|unwitting)\b|\bharm (?:humans|people|patients|participants|volunteers)\b|\bwithhold\w* (?:the )?risks?\b|\bdeliberately infect\w*\b|\b(?:give|send|pass|slip|administer)\w* (?:it|them|this|the \w+) to (?:a |an |my |our |the )?(?:rival|colleague|neighbou?r|enemy|competitor|someone|victim)\w*`),
    ],
    agents: [],
    excusedBy: [],
  },
  {
    id: 'explosives',
    title: 'make explosives',
    reason: 'concerns making explosives',
    patterns: [rx(String.raw`\b(?:improvised explosive|detonat\w* (?:device|mechanism)|synthesi[sz]\w* (?:tatp|hmtd|petn)|pipe bomb)\b`)],
    agents: [],
    excusedBy: ['defence'],
  },
];
