// Words that carry no topic. Left in a query they match nearly every chunk, which makes the
// OR-fallback slow and the "too broad" check meaningless; the list is the usual English one plus
// question words assistants tend to include ("what is known about …").
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all am an and any are aren as at be because been before being below between both but by ' +
    'can cannot could did do does doing down during each few for from further had has have having he her here hers herself him ' +
    'himself his how i if in into is it its itself just let me more most my myself no nor not now of off on once only or other ' +
    'our ours ourselves out over own same she should so some such than that the their theirs them themselves then there these ' +
    'they this those through to too under until up very was we were what when where which while who whom why will with would ' +
    'you your yours yourself yourselves also may might must shall via per vs versus etc eg ie known tell find show give explain ' +
    'describe please information regarding'
  ).split(' '),
);
