// Safety screen of research goals and hypotheses (issue "Research engine": anything flagged opens
// a safety_review checkpoint that only the desktop app can decide). A transparent rule set: it
// flags for a human to look, it never silently edits or drops what an assistant wrote.

interface SafetyRule {
  id: string;
  pattern: RegExp;
  reason: string;
}

// Dual-use research of concern (after the US DURC categories) and direct harm. Each pattern wants
// a harmful *purpose or enhancement*, not the topic alone: "antimicrobial resistance mechanisms"
// is legitimate research, "increase transmissibility of a pathogen" is not.
const RULES: readonly SafetyRule[] = [
  {
    id: 'pathogen_enhancement',
    pattern: /\b(enhanc\w*|increas\w*|boost\w*|improv\w*)\b[^.]{0,60}\b(transmissib\w*|virulen\w*|lethal\w*|pathogenicity|host range|immune evasion)\b/i,
    reason: 'proposes enhancing the transmissibility, virulence or host range of a pathogen (dual-use research of concern)',
  },
  {
    id: 'gain_of_function',
    pattern: /\bgain[- ]of[- ]function\b[^.]{0,80}\b(virus|viral|pathogen|influenza|coronavirus|sars|mers|h5n1)\b/i,
    reason: 'involves gain-of-function work on a pathogen',
  },
  {
    id: 'select_agents',
    pattern: /\b(weaponi[sz]\w*|aerosoli[sz]\w*|mass casualt\w*)\b|\b(anthrax|smallpox|variola|botulinum|ricin|sarin|vx nerve|novichok)\b[^.]{0,60}\b(produc\w*|synthesi[sz]\w*|cultur\w*|disseminat\w*|deliver\w*)\b/i,
    reason: 'concerns producing, weaponising or disseminating a select agent or toxin',
  },
  {
    id: 'chemical_weapons',
    pattern: /\b(nerve agent|chemical weapon|blister agent|toxic warfare)\b/i,
    reason: 'concerns chemical warfare agents',
  },
  {
    id: 'resistance_engineering',
    pattern: /\b(confer|engineer|introduc\w*|transfer)\b[^.]{0,60}\bresistance\b[^.]{0,40}\b(to|against)\b[^.]{0,40}\b(first[- ]line|last[- ]resort|all known)\b/i,
    reason: 'proposes engineering resistance to first-line or last-resort treatments',
  },
  {
    id: 'explosives',
    pattern: /\b(improvised explosive|detonat\w* (device|mechanism)|synthesi[sz]\w* (tatp|hmtd|petn))\b/i,
    reason: 'concerns making explosives',
  },
  {
    id: 'human_harm',
    pattern: /\b(without (informed )?consent|covert(ly)? (dose|administer|expose)|harm (humans|people|patients))\b/i,
    reason: 'proposes exposing people to harm or experimenting without consent',
  },
];

export interface SafetyVerdict {
  flagged: boolean;
  reasons: string[];
  ruleIds: string[];
}

export function screenText(text: string): SafetyVerdict {
  const hits = RULES.filter((rule) => rule.pattern.test(text));
  return { flagged: hits.length > 0, reasons: hits.map((rule) => rule.reason), ruleIds: hits.map((rule) => rule.id) };
}
