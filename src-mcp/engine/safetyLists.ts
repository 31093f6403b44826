// The agents and chemicals the safety screen knows by name, as data (issue 32). The screen's
// categories (safetyCategories.ts) concern what is *done* to an agent; these lists say what counts
// as one. Each entry is a display name and the other names people write for it; the screen derives
// its patterns from them (case, plural, hyphen or space are free), so adding an agent is one line.

export type AgentClass = 'select_agent' | 'toxin' | 'chemical_weapon' | 'industrial_chemical' | 'pathogen';

export interface ListedAgent {
  /** How the verdict names it. */
  name: string;
  /** Other spellings and common names, matched as whole words. */
  aliases: readonly string[];
}

/**
 * Select agents and toxins: the US Federal Select Agent Program's list (42 CFR 73.3–73.4 for
 * HHS, 9 CFR 121.3–121.4 and 7 CFR 331.3 for USDA animal and plant agents), as published in 2024.
 * Toxins of that list are in SELECT_TOXINS.
 */
export const SELECT_AGENTS: readonly ListedAgent[] = [
  { name: 'Bacillus anthracis', aliases: ['anthrax', 'B. anthracis', 'Bacillus cereus biovar anthracis'] },
  { name: 'Brucella', aliases: ['Brucella abortus', 'Brucella melitensis', 'Brucella suis', 'brucellosis'] },
  { name: 'Burkholderia mallei', aliases: ['B. mallei', 'glanders'] },
  { name: 'Burkholderia pseudomallei', aliases: ['B. pseudomallei', 'melioidosis'] },
  { name: 'Clostridium botulinum', aliases: ['C. botulinum', 'botulinum neurotoxin producing Clostridium'] },
  { name: 'Coxiella burnetii', aliases: ['C. burnetii', 'Q fever'] },
  { name: 'Crimean-Congo haemorrhagic fever virus', aliases: ['Crimean-Congo hemorrhagic fever virus', 'Crimean-Congo', 'CCHFV', 'CCHF'] },
  { name: 'Eastern equine encephalitis virus', aliases: ['EEEV', 'eastern equine encephalitis'] },
  { name: 'Ebola virus', aliases: ['Ebola', 'ebolavirus', 'ebolaviruses', 'EBOV'] },
  { name: 'Francisella tularensis', aliases: ['F. tularensis', 'Francisella', 'tularemia', 'tularaemia'] },
  { name: 'Hendra virus', aliases: ['Hendra'] },
  { name: 'Lassa virus', aliases: ['Lassa', 'Lassa fever virus'] },
  { name: 'Lujo virus', aliases: ['Lujo'] },
  { name: 'Marburg virus', aliases: ['Marburg', 'MARV'] },
  { name: 'monkeypox virus', aliases: ['monkeypox', 'mpox', 'MPXV'] },
  { name: 'Nipah virus', aliases: ['Nipah', 'NiV'] },
  { name: '1918 pandemic influenza virus', aliases: ['1918 influenza', '1918 flu', '1918 pandemic influenza', 'Spanish flu', 'Spanish influenza'] },
  { name: 'Rickettsia prowazekii', aliases: ['R. prowazekii', 'epidemic typhus'] },
  { name: 'Rift Valley fever virus', aliases: ['Rift Valley fever', 'RVFV'] },
  { name: 'SARS coronavirus', aliases: ['SARS-CoV', 'SARS-CoV-1', 'SARS-CoV-2', 'SARS', 'SARS-related coronavirus'] },
  { name: 'South American haemorrhagic fever viruses', aliases: ['Chapare', 'Guanarito', 'Junin', 'Junín', 'Machupo', 'Sabia'] },
  { name: 'tick-borne encephalitis complex viruses', aliases: ['tick-borne encephalitis', 'TBEV', 'Kyasanur Forest disease', 'Omsk haemorrhagic fever', 'Omsk hemorrhagic fever'] },
  { name: 'variola virus', aliases: ['variola', 'smallpox', 'variola major', 'variola minor'] },
  { name: 'Venezuelan equine encephalitis virus', aliases: ['VEEV', 'Venezuelan equine encephalitis'] },
  { name: 'Yersinia pestis', aliases: ['Y. pestis', 'plague', 'pestis'] },
  // USDA animal agents (9 CFR 121)
  { name: 'African horse sickness virus', aliases: ['African horse sickness'] },
  { name: 'African swine fever virus', aliases: ['African swine fever', 'ASFV'] },
  { name: 'highly pathogenic avian influenza virus', aliases: ['avian influenza', 'bird flu', 'HPAI', 'H5N1', 'H5N6', 'H5N8', 'H7N9', 'H7N7', 'H9N2', 'H5'] },
  { name: 'classical swine fever virus', aliases: ['classical swine fever'] },
  { name: 'foot-and-mouth disease virus', aliases: ['foot-and-mouth disease', 'foot and mouth disease', 'FMDV'] },
  { name: 'goat pox virus', aliases: ['goat pox', 'goatpox'] },
  { name: 'lumpy skin disease virus', aliases: ['lumpy skin disease'] },
  { name: 'Mycoplasma mycoides', aliases: ['Mycoplasma capricolum', 'contagious bovine pleuropneumonia'] },
  { name: 'Newcastle disease virus', aliases: ['Newcastle disease'] },
  { name: 'peste des petits ruminants virus', aliases: ['peste des petits ruminants'] },
  { name: 'rinderpest virus', aliases: ['rinderpest'] },
  { name: 'sheep pox virus', aliases: ['sheep pox', 'sheeppox'] },
  { name: 'swine vesicular disease virus', aliases: ['swine vesicular disease'] },
  // USDA plant agents (7 CFR 331)
  { name: 'Ralstonia solanacearum', aliases: ['Ralstonia'] },
  { name: 'Rathayibacter toxicus', aliases: ['Rathayibacter'] },
  { name: 'Xanthomonas oryzae', aliases: [] },
  { name: 'Synchytrium endobioticum', aliases: ['potato wart'] },
  { name: 'Peronosclerospora philippinensis', aliases: ['Sclerophthora rayssiae', 'Coniothyrium glycines'] },
];

/** The select toxins (42 CFR 73.3), and toxins of the same kind dropped from that list in 2017. */
export const SELECT_TOXINS: readonly ListedAgent[] = [
  { name: 'abrin', aliases: ['rosary pea', 'Abrus precatorius'] },
  { name: 'botulinum neurotoxin', aliases: ['botulinum toxin', 'botulinum', 'botulism'] },
  { name: 'conotoxin', aliases: [] },
  { name: 'diacetoxyscirpenol', aliases: [] },
  { name: 'ricin', aliases: ['castor bean'] },
  { name: 'saxitoxin', aliases: [] },
  { name: 'staphylococcal enterotoxin', aliases: ['staphylococcal enterotoxin B', 'SEB', 'enterotoxin B'] },
  { name: 'T-2 toxin', aliases: ['T-2 mycotoxin', 'T-2'] },
  { name: 'tetrodotoxin', aliases: [] },
  { name: 'Clostridium perfringens epsilon toxin', aliases: ['epsilon toxin'] },
  { name: 'Shiga toxin', aliases: ['Shiga-like toxin', 'verotoxin'] },
];

/**
 * Chemical warfare agents and their key precursors: Schedules 1 and 2A of the Chemical Weapons
 * Convention's Annex on Chemicals (with the 2020 addition of the Novichok "A-series"). Making any of
 * them is itself a concern.
 */
export const CHEMICAL_WEAPONS: readonly ListedAgent[] = [
  { name: 'sarin', aliases: ['GB agent'] },
  { name: 'soman', aliases: ['GD agent'] },
  { name: 'cyclosarin', aliases: [] },
  { name: 'tabun', aliases: ['GA agent'] },
  { name: 'VX', aliases: ['V-series nerve agent', 'V-series', 'V-agent'] },
  { name: 'Novichok', aliases: ['A-230', 'A-232', 'A-234', 'A-series nerve agent'] },
  { name: 'sulfur mustard', aliases: ['sulphur mustard', 'mustard gas', 'HD mustard'] },
  { name: 'nitrogen mustard', aliases: [] },
  { name: 'lewisite', aliases: [] },
  { name: 'BZ', aliases: ['quinuclidinyl benzilate', '3-quinuclidinyl benzilate'] },
  { name: 'amiton', aliases: [] },
  { name: 'PFIB', aliases: ['perfluoroisobutylene'] },
  { name: 'methylphosphonyl difluoride', aliases: ['DF precursor'] },
  { name: 'nerve agent', aliases: ['nerve gas', 'blister agent', 'vesicant agent', 'chemical weapon', 'chemical warfare agent', 'incapacitating agent'] },
];

/**
 * Toxic industrial chemicals with large peaceful uses that have been used as weapons: CWC
 * Schedule 3A (phosgene, cyanogen chloride, hydrogen cyanide, chloropicrin) and chlorine, whose
 * use as a weapon the OPCW has attributed. Making them is ordinary industry; the screen flags
 * them only with dissemination or intent to harm.
 */
export const INDUSTRIAL_CHEMICALS: readonly ListedAgent[] = [
  { name: 'phosgene', aliases: ['diphosgene'] },
  { name: 'cyanogen chloride', aliases: [] },
  { name: 'hydrogen cyanide', aliases: ['hydrogen cyanide gas', 'prussic acid'] },
  { name: 'chloropicrin', aliases: [] },
  { name: 'chlorine gas', aliases: ['chlorine'] },
];

/**
 * Human, animal and plant pathogens outside the select agent list that the experiments of concern
 * apply to just as well (the categories concern any agent; WHO priority pathogens and common
 * research organisms), and the generic words a text uses for one.
 */
export const OTHER_PATHOGENS: readonly ListedAgent[] = [
  { name: 'influenza virus', aliases: ['influenza', 'flu'] },
  { name: 'MERS coronavirus', aliases: ['MERS', 'MERS-CoV'] },
  { name: 'coronavirus', aliases: ['sarbecovirus', 'betacoronavirus'] },
  { name: 'poliovirus', aliases: ['polio'] },
  { name: 'measles virus', aliases: ['measles'] },
  { name: 'yellow fever virus', aliases: ['yellow fever'] },
  { name: 'dengue virus', aliases: ['dengue'] },
  { name: 'Zika virus', aliases: ['Zika'] },
  { name: 'orthopoxvirus', aliases: ['orthopox', 'vaccinia', 'horsepox', 'cowpox', 'mousepox', 'ectromelia', 'poxvirus'] },
  { name: 'HIV', aliases: ['human immunodeficiency virus'] },
  { name: 'rabies virus', aliases: ['rabies', 'lyssavirus'] },
  { name: 'hantavirus', aliases: [] },
  { name: 'Mycobacterium tuberculosis', aliases: ['tuberculosis', 'M. tuberculosis', 'TB'] },
  { name: 'Klebsiella pneumoniae', aliases: ['Klebsiella'] },
  { name: 'Acinetobacter baumannii', aliases: ['Acinetobacter'] },
  { name: 'Pseudomonas aeruginosa', aliases: ['Pseudomonas'] },
  { name: 'Staphylococcus aureus', aliases: ['MRSA', 'Staphylococcus'] },
  { name: 'Streptococcus', aliases: [] },
  { name: 'Salmonella', aliases: [] },
  { name: 'Escherichia coli', aliases: ['E. coli'] },
  { name: 'Vibrio cholerae', aliases: ['cholera'] },
  { name: 'Clostridioides difficile', aliases: ['C. difficile'] },
  { name: 'Yersinia pseudotuberculosis', aliases: ['Yersinia'] },
  { name: 'Legionella', aliases: [] },
  { name: 'Plasmodium falciparum', aliases: ['Plasmodium', 'malaria'] },
  { name: 'Treponema pallidum', aliases: ['syphilis'] },
  { name: 'prion', aliases: ['chronic wasting disease', 'BSE', 'bovine spongiform encephalopathy', 'scrapie'] },
  { name: 'norovirus', aliases: [] },
  { name: 'chikungunya virus', aliases: ['chikungunya'] },
  { name: 'West Nile virus', aliases: ['West Nile'] },
];

/** What a text calls an unnamed agent: "a virus", "the pathogen", "a toxin", "spores". */
export const GENERIC_AGENT_WORDS: readonly string[] = [
  'virus', 'viral', 'pathogen', 'pathogenic', 'bacterium', 'bacteria', 'bacterial', 'microbe', 'microbial', 'germ',
  'prion', 'spore', 'toxin', 'mycotoxin', 'neurotoxin', 'biotoxin', 'biological agent', 'bioweapon',
];
