/* sla_patterns.c — the phrasing table of the SLA extractor (sla_patterns.h).
 * Patterns run over normalised text: ASCII quotes and dashes, one space
 * between words, table cells separated by tabs. All are caseless unless the
 * row says SLA_PAT_CASE. */
#include "parsers/sla/sla_patterns.h"

#include <stddef.h>

#include "engine/sla/sla_terms.h"

/* The words of each language, one block per language: the phrasing rows
 * below are written once over the W_ lists that join them, so a language
 * is a block of words, not a reader. Accented letters are written \x{..};
 * a word that ends in one is written as its stem and \w* (PCRE2's \b
 * knows ASCII letters only). */

/* English */
#define EN_PERCENT "percent\\b|per cent\\b"
#define EN_AT_LEAST                                                                                \
    "at\\s+least|not\\s+less\\s+than|no\\s+less\\s+than|(?:a\\s+)?minimum(?:\\s+of)?|"             \
    "greater\\s+than\\s+or\\s+equal\\s+to|equal\\s+to\\s+or\\s+greater\\s+than"

/* German */
#define DE_PERCENT "prozent\\b"
#define DE_AT_LEAST                                                                                \
    "mindestens|nicht\\s+weniger\\s+als|gleich\\s+oder\\s+(?:gr(?:\\x{f6}|oe)(?:\\x{df}|ss)er|"    \
    "h(?:\\x{f6}|oe)her)\\s+als"
#define DE_AVAILABILITY "verf(?:\\x{fc}|ue)gbarkeit|erreichbarkeit"
#define DE_MONTH "monatlich\\w*|monat\\w*|abrechnungsmonat\\w*"
#define DE_CREDIT "gutschrift\\w*|erstattung\\w*|entsch(?:\\x{e4}|ae)digung\\w*"

/* French */
#define FR_PERCENT "pour\\s*cent\\b"
#define FR_AT_LEAST                                                                                \
    "au\\s+moins|au\\s+minimum|(?:un\\s+)?minimum\\s+de|pas\\s+moins\\s+de|"                       \
    "sup(?:\\x{e9}|e)rieure?s?\\s+ou\\s+(?:\\x{e9}|e)gale?s?\\s+(?:\\x{e0}|a)|"                    \
    "(?:\\x{e9}|e)gale?s?\\s+ou\\s+sup(?:\\x{e9}|e)rieure?s?\\s+(?:\\x{e0}|a)"
#define FR_BELOW "inf(?:\\x{e9}|e)rieure?s?\\s+(?:\\x{e0}|a)|moins\\s+de|en\\s+dessous\\s+de"
#define FR_AVAILABILITY "disponibilit\\w*"
#define FR_MONTH "mensuel\\w*|mois"
#define FR_CREDIT                                                                                  \
    "remises?|avoirs?|cr(?:\\x{e9}|e)dits?|p(?:\\x{e9}|e)nalit\\w*|indemnit\\w*|"                  \
    "d(?:\\x{e9}|e)dommagement\\w*"

/* Spanish */
#define ES_PERCENT "por\\s+ciento\\b"
#define ES_AT_LEAST                                                                                \
    "al\\s+menos|por\\s+lo\\s+menos|como\\s+m(?:\\x{ed}|i)nimo|(?:un\\s+)?m(?:\\x{ed}|i)nimo\\s+"  \
    "de|"                                                                                          \
    "no\\s+inferior\\s+a|igual(?:es)?\\s+o\\s+superior(?:es)?\\s+a|superior(?:es)?\\s+o\\s+"       \
    "igual(?:es)?\\s+a"
#define ES_BELOW "menos\\s+de|inferior(?:es)?\\s+a|por\\s+debajo\\s+de"
#define ES_AVAILABILITY "disponibilidad\\w*"
#define ES_MONTH "mensual\\w*|mes|meses"
#define ES_CREDIT                                                                                  \
    "cr(?:\\x{e9}|e)ditos?|bonificaci\\w*|compensaci\\w*|reembolsos?|descuentos?|penalizaci\\w*"

/* The lists the rows use. */
#define W_PERCENT EN_PERCENT "|" DE_PERCENT "|" FR_PERCENT "|" ES_PERCENT
#define W_AT_LEAST EN_AT_LEAST "|>=|\\x{2265}|" DE_AT_LEAST "|" FR_AT_LEAST "|" ES_AT_LEAST
#define W_BELOW FR_BELOW "|" ES_BELOW
#define W_AVAILABILITY DE_AVAILABILITY "|" FR_AVAILABILITY "|" ES_AVAILABILITY
#define W_MONTH DE_MONTH "|" FR_MONTH "|" ES_MONTH
#define W_CREDIT DE_CREDIT "|" FR_CREDIT "|" ES_CREDIT
/* Credits that are no share of the fee: a multiple, the downtime, days and
 * hours, what a credit is counted per, pro rata, the term extended. */
#define W_TIMES "times\\b|x\\b|\\x{d7}|mal\\b|fache[ns]?\\b"
#define W_DOWNTIME                                                                                 \
    "downtime|unavailab\\w*|outages?|period\\s+of\\s+(?:unavailability|downtime)|"                 \
    "ausfallzeit\\w*|ausfall\\w*|nichtverf(?:\\x{fc}|ue)gbarkeit\\w*|st(?:\\x{f6}|oe)rung\\w*"
#define W_SERVICE "service|usage|subscription|nutzung|leistung|dienst\\w*"
#define W_HOUR "hours?|stunden?"
#define W_EACH "for\\s+(?:each|every)|per|je|pro|f(?:\\x{fc}|ue)r\\s+jede\\w*"
#define W_INCIDENT "incidents?|outages?|events?|vorf(?:\\x{e4}|ae)lle?|st(?:\\x{f6}|oe)rung\\w*"
#define W_PRO_RATA "pro[- ]?rata|pro[- ]?rated|anteilig\\w*"
#define W_TERM                                                                                     \
    "subscription|licen[cs]e|term|contract|laufzeit|abonnement\\w*|vertrag\\w*|lizenz\\w*"
#define W_EXTENDED "extended|verl(?:\\x{e4}|ae)ngert"
#define W_PERIOD "days?|weeks?|months?|tage?n?|wochen?|monate?n?"

/* Small numbers written as words, alone or before their digits. */
#define WORD_NUM                                                                                   \
    "(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[- ](?:one|two|three|four|"    \
    "five|six|seven|eight|nine))?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|"        \
    "twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|a|an|hundred)"
/* "30", "thirty", "thirty (30)", "15 (fifteen)". */
#define NUM                                                                                        \
    "(?<num>(?:" WORD_NUM                                                                          \
    "\\s*)?\\(\\s*\\d+(?:\\.\\d+)?\\s*\\)|\\d+(?:[.,]\\d+)?(?:\\s*\\(\\s*" WORD_NUM                \
    "\\s*\\))?|" WORD_NUM ")"
/* "99.9%", "99.9 percent", "ninety-nine and nine tenths percent (99.9%)". */
#define PCT                                                                                        \
    "(?:[a-z][a-z -]{0,60}?(?:percent|per "                                                        \
    "cent)\\s*\\(\\s*)?\\[?\\s*(?<pct>\\d{1,3}(?:\\.\\d+)?)\\s*"                                   \
    "(?:%|" W_PERCENT ")\\)?\\]?"
#define TIME_UNIT                                                                                  \
    "(?<unit>(?:calendar\\s+|business\\s+|working\\s+|clock\\s+)?(?:minutes?|mins?|hours?|hrs?|"   \
    "days?|weeks?|months?|billing\\s+(?:cycles?|periods?)|invoice\\s+periods?)\\b)"
/* "$10", "USD 50,000", "10 euros", "\x{20ac}1.5 million". */
#define MONEY                                                                                      \
    "(?:(?<cur>[$\\x{20ac}\\x{a3}]|usd|eur|gbp)\\s?(?<amt>\\d[\\d,]*(?:\\.\\d+)?)|"                \
    "(?<amt>\\d[\\d,]*(?:\\.\\d+)?)\\s?(?<cur>usd|eur|gbp|dollars?|euros?|pounds?)\\b)"            \
    "(?:\\s*(?<mult>thousand|million|k\\b|m\\b))?"
#define UPTIME_WORD "(?:uptime|availability|available|service level|" W_AVAILABILITY ")"

/* A name: up to four capitalised words, or words before a legal form
 * ("centron GmbH", "Acme Compute, Inc."). Rows that use it are
 * case-sensitive. */
#define LEGAL_FORM                                                                                 \
    "(?:Inc|LLC|Ltd|Limited|GmbH|Corp|Corporation|B\\.V|S\\.A\\.S|S\\.A|S\\.L|SARL|SAS|SRL|SL|AG|" \
    "PLC|Pty\\s+Ltd)\\.?(?![A-Za-z])"
#define NAME_WORD "(?=[A-Z0-9][A-Za-z0-9&-]*[A-Za-z])[A-Z0-9][A-Za-z0-9&-]*"
#define NAME_COMPANY                                                                               \
    "(?<name>(?:" NAME_WORD "\\s+){0,3}[A-Za-z0-9][A-Za-z0-9&-]*,?\\s+" LEGAL_FORM ")"
#define NAME                                                                                       \
    "(?<name>(?:" NAME_WORD "\\s+){0,3}[A-Za-z0-9][A-Za-z0-9&-]*,?\\s+" LEGAL_FORM "|" NAME_WORD   \
    "(?:\\s+" NAME_WORD "){0,3})"
#define NAME_LAZY "(?<name>" NAME_WORD "(?:\\s+" NAME_WORD "){0,3}?)"
/* The words around a name, English then German. */
#define W_PRONOUN                                                                                  \
    "we|us|our|ours|you|your|they|them|their|it|its|he|she|i|wir|uns|unser\\w*|sie|ihr\\w*|es"
#define W_ROLE                                                                                     \
    "provider|service\\s+provider|customer|client|company|host|hoster|licensor|licensee|vendor|"   \
    "supplier|seller|user|users|partner|party|parties|subscriber|operator|contractor|"             \
    "anbieter|kunde|kunden|auftragnehmer|auftraggeber|dienstleister|betreiber"
#define W_GENERIC                                                                                  \
    "service|services|agreement|sla|terms|support|team|section|article|annex|schedule|"            \
    "appendix|exhibit|table|credits?|uptime|availability|downtime|maintenance|platform|"           \
    "dienst|vertrag|leistung"
#define W_LEAD                                                                                     \
    "the|this|that|these|those|a|an|any|all|each|if|how|when|where|while|and|or|unless|"           \
    "upon|our|your|der|die|das|den|dem|des|ein|eine|wenn|falls"
#define W_SLA                                                                                      \
    "service\\s+level\\s+(?:agreement|description|terms|commitment)|sla|"                          \
    "dienstg(?:\\x{fc}|ue)tevereinbarung"

const struct sla_pattern sla_patterns[] = {
    /* Uptime commitments. */
    {SLA_FILL_UPTIME, 0, 0,
     "\\b" UPTIME_WORD "\\b[^.;]{0,140}?(?:\\b|(?=[>\\x{2265}]))(?:" W_AT_LEAST ")\\s*" PCT},
    /* "We guarantee that at least 99.99% of the time": the commitment verb
     * stands for the uptime word. */
    {SLA_FILL_UPTIME, 0, 0,
     "\\b(?:guarantee\\w*|commit\\w*|warrant\\w*|promise\\w*)\\b[^.;%]{0,40}?\\b(?:" W_AT_LEAST
     ")\\s*" PCT},
    {SLA_FILL_UPTIME, 0, 0,
     "\\b(?:uptime|availability)(?:\\s+(?:percentage|commitment|target|guarantee|objective|"
     "level|sla))?\\s*(?:of|:|=|is\\s+(?:committed|guaranteed)\\s+(?:at|to\\s+be))\\s*" PCT},
    {SLA_FILL_UPTIME, 0, 0,
     "\\b(?:commit\\w*|guarantee\\w*|provide\\w*|maintain\\w*|deliver\\w*|offer\\w*|target\\w*|"
     "ensure\\w*|achieve\\w*|will\\s+be)\\b[^.;]{0,60}?(?<![<>\\d.])(?<pct>\\d{2,3}(?:\\.\\d+)?)"
     "\\s*%\\s+(?:(?:monthly|annual|yearly|quarterly|service|network|api|platform|"
     "instance|system)\\s+)*(?:uptime|availability)"},
    {SLA_FILL_UPTIME, 0, 0,
     "^(?<pct>\\d{2,3}(?:\\.\\d+)?)\\s*%\\s+(?:(?:monthly|annual|yearly|quarterly|service|"
     "network|api|platform)\\s+)*(?:uptime|availability)\\b(?:\\s+(?:in|during|over|per|for|"
     "each|every|any)\\b|\\s*(?:sla|commitment|guarantee|target)?\\s*$)"},

    /* "will be available 99.9% of the time", "available for 99.95% of the
     * minutes": the share of the time is the commitment (a band's "less
     * than" before the figure makes it none). */
    {SLA_FILL_UPTIME, 0, 0,
     "\\b(?:available|accessible|operational|online|reachable)\\b(?:(?!\\b(?:less|below|under|"
     "fewer|lower|more)\\b)[^.;%]){0,60}?(?<![<>\\d.])(?<pct>\\d{2,3}(?:\\.\\d+)?)\\s*%\\s+of\\s+"
     "(?:the\\s+|all\\s+)?(?:time|minutes|hours)\\b"},
    {SLA_FILL_UPTIME, 0, 0,
     "\\b(?:sla|slo|uptime\\s+guarantee|availability\\s+target)\\s*[:=]\\s*" PCT},
    {SLA_FILL_UPTIME, 0, 0,
     "(?<![<>\\d.])(?<pct>\\d{2,3}(?:\\.\\d+)?)\\s*%\\s+(?:(?:monthly|annual|yearly|quarterly)\\s+)"
     "?"
     "(?:uptime|availability)\\s+(?:sla|guarantee|commitment|target|objective|slo)\\b"},

    /* "efforts to achieve 100% uptime", "we aim for 99.99%": an aim, no
     * commitment (the figure of pct is passed over). */
    {SLA_FILL_AIM, 0, 0,
     "\\b(?:(?:efforts?|endeavou?rs?|strives?|striving|aims?|aiming|tries|try|trying|seeks?|"
     "hopes?)\\s+to\\s+(?:achieve|reach|attain|hit)|aims?\\s+(?:for|at)|(?:goal|aim|ambition|"
     "aspiration)\\s+(?:is|of))\\b[^.;%]{0,40}?" PCT},
    /* "should fall short of our 99.95% guarantee": the band's bound named as
     * the commitment, a target even where the sentence grants the credit. */
    {SLA_FILL_UPTIME_NAMED, 0, 0,
     "\\bshort\\s+of\\s+(?:the|our|its|their|this|your)\\s+" PCT "\\s+(?:(?:monthly|uptime|"
     "availability|service\\s+level)\\s+)*(?:guarantee|commitment|sla|target)\\b"},
    /* "If Monthly Uptime falls below 99.9%, ...": the condition for credits
     * names the commitment (a sentence that also grants a credit is a tier). */
    {SLA_FILL_UPTIME_CONDITION, 0, 0,
     "\\b(?:if|when|whenever|should|where)\\b[^.;%]{0,40}?\\b(?:uptime|availability|" W_AVAILABILITY
     ")\\b[^.;%]{0,80}?\\b(?:falls?|drops?|is|goes|fails\\s+to\\s+meet)\\s+"
     "(?:below|under|less\\s+than|lower\\s+than)\\s+" PCT},
    /* "Availability for multi-region deployments is 99.9%": a plain
     * statement, read only where the sentence is not a condition or example. */
    {SLA_FILL_UPTIME_IS, 0, 0,
     "\\b(?:uptime|availability|service\\s+level)\\b[^.;%]{0,80}?\\b(?:is|shall\\s+be|will\\s+be)"
     "\\s+"
     "(?:committed\\s+at\\s+|guaranteed\\s+at\\s+)?" PCT "(?!\\s*(?:minus|less)\\b)"},
    {SLA_FILL_HYPOTHETICAL, 0, 0,
     "\\b(?:if|when|whenever|where|example|instance|assum\\w*|suppose|e\\.g\\.|falls?|drops?|"
     "below|less\\s+than|credit\\w*)\\b"},

    /* Words that make an uptime window. */
    /* A rolling period is read as the calendar window of its length: "any
     * 30-day period" a month, "90-day" a quarter, "365-day" a year. */
    {SLA_FILL_WINDOW_QUARTER, 0, 0, "\\bquarter(?:ly)?\\b|\\b(?:90|ninety)[- ]days?\\b"},
    {SLA_FILL_WINDOW_YEAR, 0, 0,
     "\\b(?:annual(?:ly)?|yearly|per\\s+year|calendar\\s+year|"
     "each\\s+year|any\\s+year|12[- ]month|365[- ]days?)\\b"},
    {SLA_FILL_WINDOW_MONTH, 0, 0,
     "\\b(?:month(?:ly)?|billing\\s+(?:cycle|period)|" W_MONTH "|"
     "service\\s+(?:cycle|period)|(?:30|thirty)[- ]days?\\s+(?:period|window))\\b"},
    /* A fee billed monthly says nothing of the uptime's window. */
    {SLA_FILL_MONTH_OF_FEE, 0, 0,
     "^monthly\\s+(?:recurring\\s+|service\\s+|subscription\\s+)?(?:charges?|fees?|bills?|"
     "invoices?|payments?|prices?|rates?)\\b"},
    {SLA_FILL_WINDOW_MEASURE_MONTH, 0, 0,
     "\\bmonthly\\s+(?:uptime|availability|service\\s+level)\\b|\\bmonatlich\\w*\\s+durchschnitt"},
    {SLA_FILL_COMMITMENT_WORD, 0, 0,
     "\\b(?:sla|guarantee\\w*|commit\\w*|contract\\w*|agreement|zugesichert\\w*|garant\\w*)\\b"},
    /* The document's language: the language whose function words most
     * blocks use. */
    {SLA_FILL_LANGUAGE, SLA_LANG_EN, SLA_PAT_CASE,
     "\\b(?:the|and|of|is|will|with|for|any)\\b[^\\t]*\\b(?:the|and|of|is|will|with|for|any)\\b"},
    {SLA_FILL_LANGUAGE, SLA_LANG_FR, SLA_PAT_CASE,
     "\\b(?:le|les|des|du|est|pour|une|dans|et)\\b[^\\t]*\\b(?:le|les|des|du|est|pour|une|dans|"
     "et)\\b"},
    {SLA_FILL_LANGUAGE, SLA_LANG_ES, SLA_PAT_CASE,
     "\\b(?:el|los|las|del|para|una|con|que|y)\\b[^\\t]*\\b(?:el|los|las|del|para|una|con|que|"
     "y)\\b"},
    {SLA_FILL_LANGUAGE, SLA_LANG_DE, SLA_PAT_CASE,
     "\\b(?:der|die|das|und|ist|wird|mit|f(?:\\x{fc}|ue)r|nicht)\\b[^\\t]*\\b(?:der|die|das|und|"
     "ist|"
     "wird|mit|f(?:\\x{fc}|ue)r|nicht)\\b"},
    {SLA_FILL_PLAIN_PERCENT, 0, 0,
     "^\\s*(?:>=|\\x{2265}|at\\s+least)?\\s*\\d{2,3}(?:\\.\\d+)?\\s*%\\s*$"},
    {SLA_FILL_UPTIME_WORD, 0, 0,
     "\\b(?:uptime|availability|available|unavailab\\w*|downtime|service\\s+levels?|" W_AVAILABILITY
     "|nichtverf\\w*)\\b"},

    /* "99,8 < 5 %": below the threshold, the credit (a larger figure "less
     * than" a smaller one is no comparison). */
    {SLA_FILL_THRESHOLD_CREDIT, 0, 0,
     "(?<![\\d.])(?<pct>\\d{2,3}(?:\\.\\d+)?)\\s*%?\\s*<\\s*(?<credit>\\d{1,3}(?:\\.\\d+)?)\\s*%"},
    /* The credit a tier grants. */
    {SLA_FILL_CREDIT, 0, 0,
     "\\b(?:credit(?:ed)?|compensat\\w*|refund\\w*|discount|receive|entitled\\s+to)\\b"
     "[^.%\\t\\d]{0,60}?\\b(?:of|equal\\s+to|equals?|to|:)?\\s*" PCT},
    {SLA_FILL_CREDIT, 0, 0,
     PCT "\\s+(?:(?:service|fee|monthly|bill|invoice)\\s+)*(?:credit|compensation|refund|"
         "discount)"},
    {SLA_FILL_CREDIT, 0, 0,
     PCT "\\s+of\\s+(?:the\\s+|your\\s+|its\\s+|their\\s+|that\\s+)?(?:[a-z]+\\s+){0,5}?"
         "(?:fees?|charges?|bill|invoice|spend|mrc|price|amount|payment)"},

    /* Comparisons inside a band: longest phrasing first. */
    {SLA_FILL_BAND_OP, SLA_OP_LE, 0,
     "\\b(?:less\\s+than\\s+or\\s+equal\\s+to|equal\\s+to\\s+or\\s+less\\s+than|at\\s+most|"
     "no\\s+more\\s+than|not\\s+more\\s+than|up\\s+to(?:\\s+and\\s+including)?)\\b|<=|=<|\\x{"
     "2264}"},
    {SLA_FILL_BAND_OP, SLA_OP_GE, 0,
     "\\b(?:greater\\s+than\\s+or\\s+equal\\s+to|equal\\s+to\\s+or\\s+greater\\s+than|"
     "(?:equal\\s+to\\s+or\\s+)?(?:more|higher)\\s+than\\s+or\\s+equal\\s+to|at\\s+least|"
     "no\\s+less\\s+than|not\\s+less\\s+than|(?:is\\s+)?not\\s+below|from|mindestens|"
     "gleich\\s+oder\\s+(?:gr(?:\\x{f6}|oe)(?:\\x{df}|ss)er|h(?:\\x{f6}|oe)her)\\s+als|"
     "(?:gr(?:\\x{f6}|oe)(?:\\x{df}|ss)er|h(?:\\x{f6}|oe)her)\\s+(?:als\\s+)?oder\\s+gleich(?:\\s+"
     "als)?)|"
     ">=|=>|\\x{2265}"},
    {SLA_FILL_BAND_OP, SLA_OP_LT, 0,
     "\\b(?:less\\s+than|lower\\s+than|fewer\\s+than|below|under|"
     "short\\s+of(?:\\s+(?:the|our|its|their|this|your))?|kleiner\\s+als|"
     "weniger\\s+als|unter(?:halb)?)\\b|<"},
    /* French and Spanish comparisons, followed by their figure. */
    {SLA_FILL_BAND_OP, SLA_OP_GE, 0, "\\b(?:" FR_AT_LEAST "|" ES_AT_LEAST ")(?=\\s|\\d)"},
    {SLA_FILL_BAND_OP, SLA_OP_LT, 0, "\\b(?:" W_BELOW ")(?=\\s|\\d)"},
    {SLA_FILL_BAND_OP, SLA_OP_GT, 0,
     "\\b(?:greater\\s+than|more\\s+than|higher\\s+than|above|over|exceed(?:s|ing)?)\\b|>"},
    {SLA_FILL_BAND_OP, SLA_OP_POST_GE, 0,
     "^\\s*%?\\s*(?:or|and)\\s+(?:more|higher|above|greater|over)\\b"},
    {SLA_FILL_BAND_OP, SLA_OP_POST_LE, 0,
     "^\\s*%?\\s*(?:or|and)\\s+(?:less|lower|below|under|fewer)\\b"},
    /* A range connector counts only between figures ("99.0% - 99.9%", "99.95 to 99%"). */
    {SLA_FILL_BAND_RANGE, 0, 0,
     "\\bbetween\\s+(?=\\d)|(?<=[\\d%])\\s*(?:\\bto\\b|\\bthrough\\b|-|~|\\x{2026}|\\.\\.)\\s*"
     "(?=(?:[<>]=?\\s*|less\\s+than\\s+)?\\d)"},

    /* The cap on credits. */
    {SLA_FILL_CAP_FEE, 0, 0,
     "\\b(?:exceed|capped\\s+at|limited\\s+(?:to|of)|restricted\\s+(?:to|of)|up\\s+to|"
     "maximum\\s+of|more\\s+than)\\s+(?:the|one|1|a|that|your|customer'?s|its)\\s+"
     "(?:(?:applicable|relevant|affected)\\s+)?"
     "(?:full\\s+|total\\s+(?:of\\s+the\\s+)?)?(?:month'?s?|monthly)"
     "\\s+(?:[a-z]+\\s+){0,2}?(?:fees?|charges?|bill|invoice|payment|remuneration)"},
    {SLA_FILL_CAP, 0, 0, "\\b(?:not|never)\\s+(?:to\\s+)?exceed\\s+(?:a\\s+total\\s+of\\s+)?" PCT},
    /* "plafonné à 50 %", "ne peut dépasser 50 %", "no excederán el 50 %". */
    {SLA_FILL_CAP, 0, 0,
     "\\b(?:plafonn\\S*|ne\\s+(?:peut|peuvent|pourra|pourront|saurait)\\s+(?:pas\\s+)?"
     "d(?:\\x{e9}|e)passer|no\\s+(?:exceder\\S*|superar\\S*|podr\\S*\\s+(?:exceder|superar))|"
     "limitad[oa]s?|tope\\s+de)\\s+(?:(?:\\x{e0}|a|de|del|el|le|la)\\s+)*" PCT},
    {SLA_FILL_CAP, 0, 0, "\\bin\\s+no\\s+(?:event|case)\\b[^.]{0,120}?\\bexceed\\s+" PCT},
    {SLA_FILL_CAP, 0, 0,
     "\\b(?:maximum|max\\.?|cap(?:ped)?|limited|capped)\\s+(?:(?:total\\s+)?(?:service\\s+)?"
     "credits?\\s+)?(?:at|to|of|is)\\s+"
     "(?:a\\s+(?:total|maximum)\\s+of\\s+)?" PCT},
    {SLA_FILL_CAP, 0, 0,
     "\\b(?:up\\s+to|at\\s+most|no\\s+more\\s+than)\\s+(?:a\\s+maximum\\s+of\\s+)?" PCT
     "\\s+of\\s+(?:the\\s+|your\\s+)?(?:[a-z]+\\s+){0,3}?(?:fees?|charges?|bill)"},

    /* "maximum aggregate credit ... 30 days of fees": num days of the fee,
     * read as a share of a 30-day month's fee. */
    {SLA_FILL_CAP_DAYS, 0, 0,
     "\\b(?:maximum|max\\.?|cap(?:ped)?|limit(?:ed)?|not\\s+(?:to\\s+)?exceed|in\\s+no\\s+event)\\b"
     "[^.;]{0,100}?\\b" NUM "\\s*(?<unit>days?)(?:'s?)?\\s+(?:of|worth\\s+of)\\s+(?:the\\s+)?"
     "(?:[a-z]+\\s+){0,2}?(?:fees?|charges?|service)"},

    /* What a cap is counted per when not the month (after the cap's figure). */
    {SLA_FILL_CAP_PERIOD, 0, 0,
     "^[^.;]{0,40}?\\b(?:per|each|for\\s+(?:each|any|every)|in\\s+(?:any|a|each))\\s+"
     "(?:calendar\\s+)?(?:quarter|year|interruption|incident|outage|event|disruption|failure)s?"
     "\\b"},
    /* A cap in a share of something that is no fee (after the figure). */
    {SLA_FILL_CAP_OTHER_BASE, 0, 0,
     "^\\s*(?:%|percent)?\\s*of\\s+(?:the\\s+)?(?:[a-z-]+\\s+){0,3}?(?:credits|ticks|runs|minutes|"
     "units|tokens)\\b"},

    /* Claim deadlines. */
    {SLA_FILL_CLAIM, 0, 0,
     "\\b(?:within|no\\s+later\\s+than|not\\s+later\\s+than|before\\s+the\\s+end\\s+of|"
     "no\\s+more\\s+than|up\\s+to)\\s+" NUM "\\s*" TIME_UNIT
     "(?:\\s+(?:of|after|from|following)\\b[^.;]{0,160})?"},
    {SLA_FILL_CLAIM, 0, 0,
     "\\b" NUM "\\s*" TIME_UNIT "\\s+(?:of|after|from|following)\\s+(?:the\\s+)?(?:end\\s+of\\s+)?"
     "(?:the\\s+)?(?:incident|outage|month|event|billing|downtime|occurrence)[^.;]{0,60}"},
    {SLA_FILL_CLAIM_TEXT, 0, 0,
     "\\b(?:by|no\\s+later\\s+than|not\\s+later\\s+than|before)\\s+the\\s+end\\s+of\\s+the\\s+"
     "(?:[a-z]+\\s+){0,2}?(?:billing\\s+cycle|billing\\s+"
     "period|month|calendar\\s+month|invoice\\s+period)[^.;]{0,80}"},
    {SLA_FILL_CLAIM_CONTEXT, 0, 0,
     "\\b(?:claim\\w*|request\\w*|submit\\w*|notif\\w*|report\\w*|apply\\s+for|applies|file|filed|"
     "open(?:ing)?\\s+a\\s+(?:case|ticket)|ticket|must\\s+(?:send|contact|email))\\b"},
    {SLA_FILL_CREDIT_CONTEXT, 0, 0,
     "\\b(?:credit\\w*|compensat\\w*|refund\\w*|voucher\\w*|claims?|" W_CREDIT ")\\b"},

    /* Maintenance and what is excluded. */
    {SLA_FILL_MAINTENANCE, 0, 0,
     "\\b(?:maintenance|(?:scheduled|planned)\\s+(?:downtime|outages?|interruptions?|works?)|"
     "wartung\\w*|geplante\\s+(?:unterbrechung|ausfallzeit)\\w*|mantenimiento\\w*)\\b"},
    /* Downtime the customer asks for ("Customer Planned Downtime", "at the
     * customer's request") is no maintenance of the provider's. */
    {SLA_FILL_CUSTOMER_DOWNTIME, 0, 0,
     "\\b(?:customer|client|your|kunden?)\\s*(?:'s\\s+)?(?:planned|scheduled|requested|initiated)"
     "\\s+"
     "(?:downtime|maintenance|outages?|interruptions?)\\b|\\b(?:downtime|maintenance|outages?|"
     "interruptions?)\\s+(?:requested|initiated|scheduled)\\s+by\\s+(?:the\\s+)?(?:customer|you)"
     "\\b|"
     "\\b(?:at|upon)\\s+(?:the\\s+)?(?:customer's|your)\\s+request\\b"},
    /* Words that keep maintenance inside the downtime. */
    {SLA_FILL_COUNTS_AS_DOWNTIME, 0, 0,
     "\\bnot\\s+(?:be\\s+)?excluded\\b|(?<!not\\s)(?<!never\\s)\\bcounts?\\s+(?:as|towards?)\\s+(?:"
     "downtime|unavailab\\w*)|"
     "\\b(?:is|are|will\\s+be)\\s+(?:considered|treated\\s+as|deemed)\\s+(?:downtime|unavailab\\w*"
     ")"},
    {SLA_FILL_EXCLUDING, 0, 0,
     "\\b(?:exclud\\w*|exclu(?:e|es|s|ido|idos|ida|idas|ye|yen)\\b|except\\w*|exclusions?|not\\s+(?"
     ":be\\s+)?(?:includ|count|consider|"
     "deem|treat)\\w*|does\\s+not\\s+(?:includ|count|apply|cover)\\w*|(?:shall|will)\\s+not\\s+"
     "(?:includ|count|apply|be\\s+(?:includ|count|consider))\\w*|do(?:es)?\\s+not\\s+(?:constitute|"
     "count)|other\\s+than|not\\s+(?:be\\s+)?(?:subject|part)|does\\s+not\\s+apply|"
     "limitations?|not\\s+(?:be\\s+)?affected\\s+by)\\b"},
    {SLA_FILL_MAINT_NOTICE, 0, 0,
     "\\b" NUM "\\s*" TIME_UNIT "(?:'s?)?\\s+(?:of\\s+)?(?:prior\\s+|advance\\s+|written\\s+|"
     "email\\s+)*(?:notice|notification|in\\s+advance|ahead|before|prior)"},
    {SLA_FILL_MAINT_NOTICE, 0, 0,
     "\\bnotice\\s+(?:of\\s+)?(?:at\\s+least\\s+|no\\s+less\\s+than\\s+|a\\s+minimum\\s+of\\s+)"
     "?" NUM "\\s*" TIME_UNIT "\\s+(?:in\\s+advance|ahead|before|prior)"},

    /* Remedies and termination. */
    {SLA_FILL_SOLE_REMEDY, 0, 0,
     "\\b(?:sole\\s+(?:and\\s+exclusive\\s+)?remed|exclusive\\s+remed|sole\\s+and\\s+exclusive\\s+"
     "(?:liability|compensation)|only\\s+remedy)"},
    {SLA_FILL_TERMINATION, 0, 0,
     "\\bterminat\\w*|\\bcancel\\w*\\s+(?:the|this)\\s+(?:agreement|contract)"},
    {SLA_FILL_CHRONIC, 0, 0,
     "\\b(?:consecutive|repeated(?:ly)?|chronic|persistent(?:ly)?|recurring|(?:three|3|two|2|"
     "four|4)\\s+(?:or\\s+more\\s+)?(?:\\(\\d\\)\\s+)?(?:months|times|occasions|billing|"
     "consecutive)|(?:\\d|three|two|four)\\s+of\\s+(?:any|the\\s+last)\\s+\\w+)\\b"},

    /* Support. */
    {SLA_FILL_24X7, 0, 0,
     "\\b24\\s*[/x\\x{d7}*]\\s*7\\b|\\b24\\s*hours?\\s+(?:a|per)\\s+day,?\\s+(?:7|seven)\\s+days|"
     "\\baround[- ]the[- ]clock\\b|\\bround[- ]the[- ]clock\\b|\\b24/7/365\\b"},
    {SLA_FILL_BUSINESS_HOURS, 0, 0,
     "\\bbusiness\\s+hours?\\b|\\bmonday\\s*(?:-|to|through)\\s*friday\\b|\\bmon\\s*-\\s*fri\\b|"
     "\\bworking\\s+(?:hours|days)\\b"},
    {SLA_FILL_SUPPORT_CONTEXT, 0, 0,
     "\\b(?:support|response|respond|severity|priority|sev\\s*-?\\d|p[0-4]\\b|urgent|"
     "critical)\\w*"},
    {SLA_FILL_RESPONSE, 0, 0,
     "\\b(?<sev>(?:severity|sev|priority|level)\\s*-?\\s*(?:[0-5]|one|two|three|four|[a-d])\\b|"
     "p[0-5]\\b|urgent|critical|high|medium|normal|low)[^.;\\t]{0,80}?(?:within|:|-|in)\\s*"
     "(?:less\\s+than\\s+|under\\s+)?" NUM "\\s*" TIME_UNIT},
    {SLA_FILL_SEVERITY, 0, 0,
     "^\\s*(?<sev>(?:\\d\\.?\\s*)?(?:(?:severity|sev|priority|level)\\s*-?\\s*(?:[0-5]|one|"
     "two|three|four|[a-d])\\b|p[0-5]\\b|urgent|critical|emergency|high|major|medium|moderate|"
     "normal|minor|low)[^\\t]{0,40})"},
    {SLA_FILL_DURATION, 0, 0, "(?:^|\\s)" NUM "\\s*" TIME_UNIT},
    {SLA_FILL_RESOLUTION_WORD, 0, 0,
     "\\b(?:resolution|resolve[sd]?|restor\\w*|fix|workaround|repair)\\b"},

    /* Notice of incidents, recovery objectives. */
    {SLA_FILL_INCIDENT_NOTICE, 0, 0,
     "\\b(?:notify|notif\\w*|inform|alert|communicate)\\b[^.;]{0,120}?\\b(?:incident|outage|"
     "breach|disruption|security\\s+event)\\w*[^.;]{0,80}?\\bwithin\\s+" NUM "\\s*" TIME_UNIT},
    {SLA_FILL_INCIDENT_NOTICE, 0, 0,
     "\\b(?:incident|outage|breach|disruption)\\w*[^.;]{0,80}?\\b(?:notify|notif\\w*|inform|"
     "alert)\\w*[^.;]{0,80}?\\bwithin\\s+" NUM "\\s*" TIME_UNIT},
    {SLA_FILL_INCIDENT_NOTICE, 0, 0,
     "\\b(?:notify|notif\\w*|inform|alert)\\b[^.;]{0,60}?\\bwithin\\s+" NUM "\\s*" TIME_UNIT
     "[^.;]{0,100}?\\b(?:incident|outage|breach|disruption|security\\s+event)"},
    {SLA_FILL_RPO, 0, 0,
     "\\b(?:rpo|recovery\\s+point\\s+objective)\\b[^.;\\d]{0,40}?" NUM "\\s*" TIME_UNIT},
    {SLA_FILL_RTO, 0, 0,
     "\\b(?:rto|recovery\\s+time\\s+objective)\\b[^.;\\d]{0,40}?" NUM "\\s*" TIME_UNIT},

    /* Who makes the commitment (sla_provider.c): rows by the weight of
     * their evidence, the parties clause first. */
    {SLA_FILL_PROVIDER, SLA_PROVIDER_PARTIES, SLA_PAT_CASE,
     "\\b(?:[Bb]etween|[Bb]y\\s+and\\s+between|[Zz]wischen|[Ee]ntre)\\s+(?:the\\s+|der\\s+)?" NAME
     "\\s*(?:\\(|,|(?:and|und|et|y)\\b)"},
    {SLA_FILL_PROVIDER, SLA_PROVIDER_PARTIES, SLA_PAT_CASE,
     "\\b(?:(?:is|are|was)\\s+(?:made|entered\\s+into|issued|published)|"
     "(?:wird|ist)\\s+(?:geschlossen|herausgegeben))\\s+(?:by|von)\\s+(?:der\\s+|the\\s+)?" NAME},
    {SLA_FILL_PROVIDER, SLA_PROVIDER_PARTIES, SLA_PAT_CASE,
     NAME "\\s*\\(\\s*(?:the\\s+|hereinafter\\s+)?\"\\s*(?i:" W_ROLE "|" W_PRONOUN ")\\s*\""},
    /* A company defined by its short name: Kestrel Compute Pty Ltd ("Kestrel"). */
    {SLA_FILL_PROVIDER, SLA_PROVIDER_PARTIES, SLA_PAT_CASE,
     NAME_COMPANY "\\s*\\(\\s*(?:the\\s+|hereinafter\\s+)?\"\\s*[A-Z][A-Za-z0-9&-]*\\s*\""},
    {SLA_FILL_PROVIDER, SLA_PROVIDER_DEFINITION, SLA_PAT_CASE,
     "\"\\s*(?i:" W_ROLE "|" W_PRONOUN ")\\s*\"(?:\\s*(?:,|or|and)\\s*\"\\s*[A-Za-z]+\\s*\")*\\s+"
     "(?i:means|mean|refers?\\s+to|shall\\s+mean|is|bezeichnet|ist)\\s+(?:the\\s+|die\\s+|der\\s+)"
     "?" NAME},
    {SLA_FILL_PROVIDER, SLA_PROVIDER_COMMITTER, SLA_PAT_CASE,
     NAME "\\s+(?:(?:will|shall)\\s+(?:use|provide|make|maintain|ensure|offer|deliver|apply|"
          "issue|credit|measure|monitor)|guarantees|commits|warrants|undertakes|promises|provides|"
          "offers|measures|monitors|verpflichtet\\s+sich|gew(?:\\x{e4}|ae)hrleistet|garantiert|"
          "stellt)\\b"},
    {SLA_FILL_PROVIDER, SLA_PROVIDER_COMMITTER, SLA_PAT_CASE,
     "\\b(?:provided|offered|operated)\\s+(?:to\\s+you\\s+)?by\\s+(?:the\\s+)?" NAME},
    /* "Ledger Storage Service Level Agreement": the first word names the
     * provider, the rest its service. */
    {SLA_FILL_PROVIDER, SLA_PROVIDER_TITLE, SLA_PAT_CASE,
     "^(?<name>" NAME_WORD ")\\s+(?:[A-Za-z-]+\\s+){0,3}?(?i:" W_SLA ")\\b"},
    {SLA_FILL_PROVIDER, SLA_PROVIDER_TITLE, SLA_PAT_CASE,
     "(?i:" W_SLA ")\\s+(?:of|for|from|by|von|der)\\s+(?:the\\s+)?(?:" NAME
     "|(?<name>[a-z0-9][a-z0-9&-]+))\\s*$"},
    {SLA_FILL_PROVIDER, SLA_PROVIDER_AGREEMENT, SLA_PAT_CASE,
     "\\b(?:part\\s+of|[Aa]ttachment\\s+to|[Aa]nnex\\s+(?:to|of)|under|pursuant\\s+to|"
     "governed\\s+by)\\s+(?:the\\s+)?\\[?" NAME_LAZY "\\s+(?:(?:Cloud|Customer|Services?|Master|"
     "Subscription)\\s+)*(?:Agreement|Terms)\\b"},
    {SLA_FILL_PROVIDER, SLA_PROVIDER_CLAIMS, SLA_PAT_CASE,
     "\\b(?:contact(?:ing)?|notify(?:ing)?|(?:received|confirmed|approved)\\s+by|"
     "submit\\w*\\s+(?:[a-z]+\\s+){0,5}?to)\\s+(?:the\\s+)?" NAME},
    {SLA_FILL_PROVIDER, SLA_PROVIDER_COMPANY, SLA_PAT_CASE, NAME_COMPANY},
    /* Never a provider's name: one whose last word (its legal form aside)
     * is a pronoun, a role or a generic word; and the words a name does not
     * start with. */
    {SLA_FILL_NOT_A_NAME, 0, 0,
     "^(?:\\S+\\s+)*?(?:" W_PRONOUN "|" W_ROLE "|" W_GENERIC ")(?:,?\\s+" LEGAL_FORM ")?$"},
    {SLA_FILL_NAME_LEAD, 0, 0, "^(?:" W_LEAD ")\\s+"},
    {SLA_FILL_SERVICE, 0, 0, "^(?<name>.+?)\\s+(?:service\\s+level\\s+agreement|sla)\\s*$"},

    /* Worked examples are not terms. */
    {SLA_FILL_EXAMPLE, 0, 0, "\\b(?:examples?|illustrat\\w*|for\\s+instance)\\b"},
    /* A paragraph that opens as an example is one too. */
    {SLA_FILL_EXAMPLE_START, 0, 0,
     "^\\s*(?:for\\s+(?:example|instance)|examples?|illustrations?)\\b|^\\s*e\\.g\\."},

    /* Clauses the scorecard weighs. */
    {SLA_FILL_CLAUSE, SLA_CLAUSE_MEASURED_BY_PROVIDER, 0,
     "\\bas\\s+(?:measured|monitored|recorded)\\s+(?:solely\\s+|exclusively\\s+|only\\s+)?by\\s+"
     "(?!you\\b|the\\s+customer|customer)|"
     "\\b(?:measured|determined|calculated|monitored|recorded)\\s+(?:solely\\s+|exclusively\\s+|"
     "only\\s+)?(?:by|using|from|with)\\s+(?:(?:us|we)\\b|(?!you|the\\s+customer|customer)"
     "(?:[\\w'\\x{2019}-]+\\s+){0,3}?(?:monitoring|records|logs|measurements?|systems?|"
     "tools?|probes?)\\b)|\\bbased\\s+on\\s+(?:our|its|the\\s+provider'?s?)\\s+(?:own\\s+|"
     "internal\\s+)?(?:monitoring|records|logs|measurements?|systems?)|\\b(?:our|its|the\\s+"
     "provider'?s?)\\s+(?:[a-z]+\\s+){0,2}?(?:records|monitoring|logs|measurements?|data)"
     "\\s+(?:shall|will|are|is)\\s+(?:prevail|govern|control|be\\s+(?:final|conclusive|"
     "binding|determinative))"},
    {SLA_FILL_CLAUSE, SLA_CLAUSE_CUSTOMER_EVIDENCE, 0,
     "\\b(?:must|shall|need\\s+to|will\\s+need\\s+to)\\s+(?:also\\s+)?(?:include|provide|submit|"
     "supply|"
     "document)[^.]{0,200}?\\b(?:logs?|evidence|proof|records|dates\\s+and\\s+times|"
     "screenshots?|documentation)\\b|\\b(?:logs?|evidence|proof)\\s+(?:that|which)\\s+"
     "(?:document|show|demonstrate)|\\b(?:must|shall|need\\s+to|is\\s+required\\s+to)\\s+"
     "(?:prove|demonstrate|substantiate|establish)\\b|\\bburden\\s+of\\s+proof\\b"},
    {SLA_FILL_CLAUSE, SLA_CLAUSE_CREDITS_AUTOMATIC, 0,
     "\\b(?:credits?\\s+(?:(?:will|shall)\\s+be|are|is)\\s+(?:applied|issued|credited)\\s+"
     "automatically|"
     "automatically\\s+(?:apply|applied|issue[sd]?|credit(?:ed)?))\\b"},
    {SLA_FILL_CLAUSE, SLA_CLAUSE_CREDITS_FUTURE_ONLY, 0,
     "\\b(?:against|toward|towards)\\s+(?:any\\s+)?(?:future|subsequent)\\s+(?:[a-z]+\\s+){0,3}?"
     "(?:payments?|billing|invoices?|charges?|bills?|usage|fees?|purchases?)|\\bnot\\s+"
     "(?:be\\s+)?(?:a\\s+)?refund\\w*|\\bno\\s+refunds?\\b|\\bnot\\s+(?:be\\s+)?exchang\\w*\\s+"
     "(?:in)?to\\s+(?:a\\s+)?cash|\\bnot\\s+entitle\\s+you\\s+to\\s+any\\s+refund"},
    {SLA_FILL_CLAUSE, SLA_CLAUSE_PARTIAL_COUNTED, 0,
     "\\b(?:degraded|partial(?:ly)?|reduced|impaired)\\s+(?:performance|service|availability|"
     "outage|functionality|capacity)\\b[^.]{0,100}?\\b(?<!not\\s)(?:counts?|counted|considered|"
     "treated|constitutes?|included|deemed)\\b|\\bpercentage\\s+of\\s+(?:[a-z]+\\s+){0,3}?"
     "(?:requests|calls|transactions)\\b[^.]{0,80}?\\b(?:fail|error)"},
    {SLA_FILL_CLAUSE, SLA_CLAUSE_PARTIAL_EXCLUDED, 0,
     "\\b(?:degraded|partial(?:ly)?|reduced|impaired|slow(?:er)?|intermittent|elevated\\s+"
     "latency)\\b[^.]{0,160}?\\b(?:is|are|does|do|shall|will)\\s+not\\s+(?:be\\s+)?(?:count(?:ed)?"
     "\\s+(?:as|towards?)\\s+|considered\\s+(?:as\\s+)?|deemed\\s+|treated\\s+as\\s+|"
     "constitute\\s+|included\\s+in\\s+)?(?:an?\\s+|the\\s+)?(?:downtime|unavailab\\w*|"
     "outages?)\\b|\\b(?:downtime|unavailability)\\s+(?:does|shall|will)\\s+not\\s+include\\b"
     "[^.]{0,120}?\\b(?:degraded|partial|reduced|impaired|slow|latency)"},
    {SLA_FILL_CLAUSE, SLA_CLAUSE_MIN_OUTAGE, 0,
     "\\b(?:continuous|consecutive|contiguous|uninterrupted)\\s+(?:period\\s+of\\s+)?"
     "(?:more\\s+than\\s+|at\\s+least\\s+)?" NUM "\\s*(?<unit>minutes?|mins?)\\b|\\b" NUM
     "\\s*(?<unit>minutes?|mins?)\\s+(?:\\(?or\\s+(?:longer|more)\\)?\\s+)?(?:consecutive|"
     "continuous)|\\b" NUM "-(?<unit>minute)\\s+(?:interval|period)|\\b" NUM
     "\\s*(?:consecutive|continuous|contiguous|uninterrupted)\\s+(?<unit>minutes?|mins?)\\b"},
    {SLA_FILL_CLAUSE, SLA_CLAUSE_MAINTENANCE_CAP, 0,
     "\\bmaintenance\\b[^.]{0,200}?\\b(?:no\\s+more\\s+than|not\\s+(?:to\\s+)?exceed|up\\s+to|"
     "maximum\\s+of|limited\\s+to|at\\s+most|capped\\s+at)\\s+" NUM "\\s*"
     "(?<unit>hours?|minutes?|hrs?|mins?)\\b"},
    {SLA_FILL_CLAUSE, SLA_CLAUSE_CATCH_ALL_EXCLUSION, 0,
     "\\b(?:beyond|outside(?:\\s+of)?)\\s+(?:its|our|the\\s+provider'?s?|[a-z]+'s|the)?\\s*"
     "(?:reasonable\\s+)?control\\b|\\b(?:other|any)\\s+force\\s+majeure\\b|\\bemergency\\s+"
     "maintenance\\b|\\bany\\s+other\\s+(?:reason|cause)\\b"},
    {SLA_FILL_CLAUSE, SLA_CLAUSE_DATA_RETURN, 0,
     "\\b(?:return|retriev|export|download|extract|migrat)\\w*\\s+(?:of\\s+|all\\s+)?"
     "(?:your\\s+|customer'?s?\\s+|its\\s+|the\\s+)?(?:data|content)\\b|\\b(?:your|customer'?s?|"
     "its)\\s+"
     "(?:data|content)\\b[^.]{0,60}?\\b(?:export|retriev|return|download)\\w*"},
    {SLA_FILL_CLAUSE, SLA_CLAUSE_AUDIT_RIGHTS, 0,
     "\\bsoc\\s*[12]\\b|\\biso\\s*(?:/iec\\s*)?2700[12]\\b|\\bright\\s+to\\s+audit\\b|"
     "\\baudit\\s+rights?\\b|\\bpenetration\\s+test\\s+reports?\\b"},
    {SLA_FILL_CLAUSE, SLA_CLAUSE_UNILATERAL_CHANGE, 0,
     "\\b(?:reserves?\\s+the\\s+right\\s+to|may(?:,?\\s+(?:at\\s+any\\s+time|from\\s+time\\s+to\\s+"
     "time),?)?)\\s+(?:make\\s+)?(?:amend|modif|chang|updat|revis)\\w*(?:\\s+to)?\\s+(?:the\\s+"
     "terms\\s+of\\s+)?(?:this\\s+|the\\s+|these\\s+)?(?:sla\\b|service\\s+level|terms)"},
    {SLA_FILL_CLAUSE, SLA_CLAUSE_DR_TESTED, 0,
     "\\b(?:disaster\\s+recovery|business\\s+continuity|dr|bcp)\\b[^.]{0,80}?\\btest\\w*|"
     "\\btest\\w*\\b[^.]{0,60}?\\b(?:disaster\\s+recovery|business\\s+continuity)\\b"},
    /* An effort towards the target where a commitment belongs. */
    {SLA_FILL_CLAUSE, SLA_CLAUSE_BEST_EFFORTS, 0,
     "\\b(?:(?:commercially\\s+)?reasonable|best)\\s+(?:efforts?|endeavou?rs?)\\s+to\\s+"
     "(?:make|keep|maintain|ensure|provide|achieve|deliver)\\b[^.]{0,160}?\\b(?:availab\\w*|"
     "uptime|up\\s+time|accessible)"},
    /* Credits paid as vouchers, not money. */
    {SLA_FILL_CLAUSE, SLA_CLAUSE_CREDITS_VOUCHER, 0,
     "\\bin\\s+the\\s+form\\s+of\\s+(?:an?\\s+)?(?:\\w+\\s+)?vouchers?\\b|"
     "\\b(?:compensation|credit)\\s+(?:service\\s+)?vouchers?\\b|\\bvouchers?\\s+"
     "(?:of|for)\\s+(?:the\\s+)?(?:same|this)\\s+service\\b"},
    /* What a credit cap is a share of: the affected service's fee first. */
    {SLA_FILL_CAP_OF, SLA_CAP_OF_AFFECTED_SERVICE_FEE, 0,
     "\\baffected\\s+(?:[a-z]+\\s+){0,2}?(?:services?|resources?|instances?|products?|circuits?|"
     "accounts?)\\b|"
     "\\b(?:services?|resources?)\\s+(?:that\\s+(?:was|were|is)\\s+)?affected\\b"},
    {SLA_FILL_CAP_OF, SLA_CAP_OF_MONTHLY_FEE, 0,
     "\\bmonthly\\s+(?:service\\s+|subscription\\s+)?(?:fees?|charges?|bill\\w*|payments?|"
     "remuneration)\\b|"
     "\\b(?:fees?|charges?)\\s+(?:paid\\s+)?(?:for|of)\\s+(?:the|that|one|a)\\s+(?:billing\\s+|"
     "calendar\\s+)?month\\b"},

    /* ---- the credit side (sla_credit_terms.c) ---- */
    /* The form of credit; the voucher is the clause credits_voucher above. */
    {SLA_FILL_CREDIT_FORM, SLA_FORM_SERVICE_EXTENSION, 0,
     "\\b(?:extension|extend\\w*)\\s+(?:of\\s+)?(?:the\\s+|your\\s+|its\\s+)?(?:[a-z]+\\s+)?"
     "(?:subscription|service\\s+(?:term|period)|term|licen[cs]e|contract)\\b|"
     "\\badditional\\s+(?:days?|weeks?|months?)\\s+of\\s+(?:the\\s+)?(?:service|subscription)\\b"},
    {SLA_FILL_CREDIT_FORM, SLA_FORM_REFUND, 0,
     "\\b(?:in\\s+the\\s+form\\s+of\\s+(?:an?\\s+)?|as\\s+an?\\s+|by\\s+(?:way\\s+of\\s+)?(?:an?"
     "\\s+)?)"
     "(?:cash\\s+|monetary\\s+)?refund\\b|\\b(?<!not\\s)(?<!never\\s)(?<!be\\s)(?:be\\s+)?"
     "refunded\\s+"
     "(?:to\\s+(?:you|the\\s+customer)|in\\s+cash)\\b|\\bpaid\\s+(?:out\\s+)?in\\s+cash\\b"},
    {SLA_FILL_CREDIT_FORM, SLA_FORM_INVOICE_CREDIT, 0,
     "\\b(?:credit\\w*|applied|deducted|offset)\\s+(?:to|against|on|from)\\s+(?:the\\s+|your\\s+|"
     "customer'?s?\\s+|any\\s+)?(?:next|future|subsequent|following|current)?\\s*(?:monthly\\s+)?"
     "(?:invoices?|bills?|use|usage|billing\\s+(?:cycles?|statements?)|account)\\b|"
     "\\bcredit\\s+(?:on|to)\\s+(?:the\\s+|your\\s+)?(?:invoice|account)\\b"},
    {SLA_FILL_CREDIT_VOID, 0, 0,
     "\\bno\\s+cash\\s+value\\b|\\b(?:can)?not\\s+(?:be\\s+)?exchang\\w*\\s+(?:in)?to\\s+(?:a\\s+)?"
     "cash\\b|"
     "\\bnot\\s+(?:be\\s+)?(?:redeemable|exchangeable|convertible|"
     "transferable)\\s+(?:for|into|to)\\s+cash\\b|"
     "\\bforfeit\\w*[^.]{0,60}?\\b(?:terminat|expir|cancel)\\w*|"
     "\\b(?:terminat|expir|cancel)\\w*[^.]{0,80}?\\bforfeit\\w*|"
     "\\b(?:expire|lapse|void|cancel(?:l?ed)?|lost)\\b[^.]{0,60}?\\b(?:on|upon|at|with)\\s+"
     "(?:the\\s+)?(?:termination|expiry|expiration|cancellation|end\\s+of\\s+the\\s+"
     "(?:agreement|contract|subscription))"},
    /* The cap on the whole liability, apart from the cap on credits. */
    {SLA_FILL_LIABILITY_CONTEXT, 0, 0, "\\bliabilit(?:y|ies)\\b|\\bliable\\b"},
    {SLA_FILL_LIABILITY_FEES, 0, 0,
     "\\b(?:exceed|limited\\s+to|capped\\s+at|(?:greater|more)\\s+than|up\\s+to)\\s+"
     "(?:(?<mult>twice|two|three|four|five|\\d+(?:\\.\\d+)?)\\s*(?:times|x)?\\s+)?"
     "(?:the\\s+)?(?:(?:total|aggregate)\\s+)?(?:amounts?\\s+of\\s+(?:the\\s+)?)?"
     "(?:fees?|charges?|amounts?)\\s+(?:actually\\s+)?(?:paid|payable|received)"
     "(?:[^.]{0,80}?\\b(?:in|during|over|for)\\s+the\\s+(?:[a-z]+\\s+){0,2}?"
     "(?:" NUM "\\s*)?(?<unit>months?|years?)\\b)?"},
    {SLA_FILL_LIABILITY_AMOUNT, 0, 0,
     "\\b(?:exceed|limited\\s+to|capped\\s+at|(?:greater|more)\\s+than|up\\s+to)\\s+"
     "(?:(?:the|a)\\s+(?:total\\s+)?(?:sum|amount)\\s+of\\s+)?" MONEY},
/* The smallest credit issued: one amount or percentage per row (each
 * named group counts against SLA_MATCH_MAX_NAMES). */
#define MIN_CREDIT_LEAD                                                                            \
    "(?:\\bcredits?\\s+(?:amounts?\\s+)?(?:of\\s+)?(?:(?:less|lower|smaller)\\s+than|under|below)" \
    "|"                                                                                            \
    "\\bminimum\\s+(?:service\\s+)?credit\\s+(?:amount\\s+)?(?:is|of|shall\\s+be|will\\s+be))\\s+"
    {SLA_FILL_MIN_CREDIT, 0, 0, MIN_CREDIT_LEAD MONEY},
    {SLA_FILL_MIN_CREDIT, 0, 0, MIN_CREDIT_LEAD PCT},
    {SLA_FILL_MIN_CREDIT, 0, 0,
     "\\bonly\\s+(?:if|when)\\s+(?:the\\s+)?(?:service\\s+)?credit(?:\\s+amount)?\\b[^.]{0,80}?\\b"
     "(?:greater|more)\\s+than\\s+(?:[a-z]+\\s+){0,3}?\\(?" MONEY},
    /* A credit per step below the target: "10 per cent of the annual fees
     * for each full 0.5% below it". */
    {SLA_FILL_CREDIT_STEP, 0, 0,
     PCT "(?:\\s+of\\s+(?:the\\s+|your\\s+)?(?:[a-z]+\\s+){0,3}?(?:fees?|charges?))?\\s+"
         "(?:for\\s+(?:each|every)|per)\\s+(?:full\\s+|whole\\s+|complete\\s+)?"
         "(?<step>\\d{1,2}(?:\\.\\d+)?)\\s*(?:%|percent\\b|per\\s+cent\\b|percentage\\s+points?\\b)"
         "(?:\\s+of\\s+(?:uptime|availability))?\\s+(?:below|under|beneath|short\\s+of|less\\s+"
         "than)\\b"},
/* Credits that are no share of the fee: service time, days of service,
 * money, usage credits, pro rata, an extension. A figure after a
 * deadline's "within", "after" or "of" is no credit. */
#define NOT_A_DEADLINE "(?<!within\\s)(?<!after\\s)(?<!before\\s)(?<!than\\s)(?<!innerhalb\\s)"
/* What a credit is counted per: each full hour of downtime, each incident. */
#define PER_HOUR                                                                                   \
    "(?<hour>\\s+(?:" W_EACH ")\\s+(?:full\\s+|volle\\s+)?(?:" W_HOUR                              \
    ")\\s+(?:of\\s+|der\\s+)?(?:" W_DOWNTIME "))"
#define PER_INCIDENT "(?<per>\\s+(?:" W_EACH ")\\s+(?:" W_INCIDENT "))"
    {SLA_FILL_CREDIT_UNIT, SLA_UNIT_SERVICE_TIME_MULTIPLE, 0,
     NOT_A_DEADLINE NUM "\\s*-?\\s*(?:" W_TIMES
                        ")\\s*(?:the\\s+|der\\s+|des\\s+)?(?:[a-z]+\\s+){0,3}?"
                        "(?:" W_DOWNTIME ")"},
    /* "at a ratio of 30:1". */
    {SLA_FILL_CREDIT_UNIT, SLA_UNIT_SERVICE_TIME_MULTIPLE, 0,
     "(?<![\\d.:])(?<num>\\d{1,3})\\s*:\\s*1\\b(?![.:]\\d)"},
    {SLA_FILL_CREDIT_UNIT, SLA_UNIT_SERVICE_DAYS, 0,
     NOT_A_DEADLINE NUM
     "\\s+(?:(?:additional|extra|free|full|calendar|zus(?:\\x{e4}|ae)tzliche[rn]?|"
     "kostenlose[rn]?)\\s+)*(?<unit>" W_PERIOD ")\\s+(?:of\\s+)?(?:(?:free|additional|"
     "kostenlose[rn]?)\\s+)?(?:" W_SERVICE ")\\b(?!\\s+(?:interruption|disruption|"
     "outage|degradation|unavailability|failure|incident|credit|level|request|logs?|"
     "records?|data|history|extension|verl(?:\\x{e4}|ae)ngerung))" PER_HOUR "?"},
    {SLA_FILL_CREDIT_UNIT, SLA_UNIT_FIXED_AMOUNT, 0,
     "\\b(?:credit\\w*|compensat\\w*|refund\\w*|" W_CREDIT ")\\b[^.%;\\t]{0,60}?" MONEY
     "(?:" PER_HOUR "|" PER_INCIDENT ")?"},
    /* A cell that is an amount alone: "USD 50", "\x{20ac}100 per incident". */
    {SLA_FILL_CREDIT_UNIT, SLA_UNIT_FIXED_AMOUNT, 0,
     "^\\s*" MONEY "(?:" PER_HOUR "|" PER_INCIDENT ")?\\s*$"},
    /* "1,000 credits", not a count of claims ("at most 2 credits per
     * month"). */
    {SLA_FILL_CREDIT_UNIT, SLA_UNIT_USAGE_CREDITS, 0,
     "(?<![\\d.,])(?<!most\\s)(?<!up\\sto\\s)(?<!maximum\\sof\\s)(?<!than\\s)"
     "(?<num>\\d{1,3}(?:,\\d{3})+|\\d+)\\s+(?:(?:usage|compute|free|account|platform|cloud)\\s+)?"
     "credits\\b(?!\\s+(?:of|equal|worth)\\b)(?!\\s+per\\s+(?:month|year|quarter|week|"
     "billing))"},
    {SLA_FILL_CREDIT_UNIT, SLA_UNIT_PRO_RATA, 0,
     "\\b(?:" W_PRO_RATA ")\\b[^.;%]{0,80}?\\b(?:" W_DOWNTIME ")|\\b(?:" W_DOWNTIME
     ")\\b[^.;%]{0,80}?\\b(?:" W_PRO_RATA ")\\b"},
    {SLA_FILL_CREDIT_UNIT, SLA_UNIT_LICENSE_EXTENSION, 0,
     "\\b(?:" W_TERM ")\\b[^.;]{0,40}?\\b(?:" W_EXTENDED ")\\s+(?:by|um)\\s+" NUM
     "\\s*(?<unit>" W_PERIOD ")\\b"},
    {SLA_FILL_CREDIT_UNIT, SLA_UNIT_LICENSE_EXTENSION, 0,
     "\\b(?:" W_TERM ")\\b[^.;]{0,40}?\\bum\\s+" NUM "\\s*(?<unit>" W_PERIOD ")\\s+(?:" W_EXTENDED
     ")"},
    {SLA_FILL_CREDIT_UNIT, SLA_UNIT_LICENSE_EXTENSION, 0,
     "\\bextension\\s+of\\s+(?:the\\s+|your\\s+)?(?:[a-z]+\\s+){0,2}?(?:" W_TERM ")\\w*\\s+"
     "(?:term\\s+|period\\s+)?by\\s+" NUM "\\s*(?<unit>" W_PERIOD ")\\b"},
    {SLA_FILL_CREDIT_UNIT, SLA_UNIT_LICENSE_EXTENSION, 0,
     "(?<![\\d.])" NUM "[- ](?<unit>day|week|month)s?\\s+(?:(?:licen[cs]e|subscription|term)\\s+)?"
     "extension\\b"},
    /* A cell that names the form credits are paid in. */
    {SLA_FILL_CREDIT_FORM_CELL, SLA_FORM_INVOICE_CREDIT, 0,
     "^\\s*(?:invoice|account|billing)\\s+credit|^\\s*credit\\s+(?:on|to|against)\\s+"
     "(?:the\\s+)?(?:next\\s+)?(?:invoice|bill|account)|^\\s*gutschrift\\s+auf\\s+(?:der\\s+)?"
     "(?:n(?:\\x{e4}|ae)chsten\\s+)?rechnung"},
    {SLA_FILL_CREDIT_FORM_CELL, SLA_FORM_VOUCHER, 0,
     "^\\s*(?:(?:credit|service|compensation)\\s+)?vouchers?\\b|^\\s*gutschein\\w*"},
    {SLA_FILL_CREDIT_FORM_CELL, SLA_FORM_REFUND, 0,
     "^\\s*(?:cash\\s+|monetary\\s+)?refund\\b|^\\s*(?:r(?:\\x{fc}|ue)ck)?erstattung\\b"},
    {SLA_FILL_CREDIT_FORM_CELL, SLA_FORM_SERVICE_EXTENSION, 0,
     "^\\s*(?:service|subscription|term|licen[cs]e)\\s+extension\\b|^\\s*extension\\s+of\\s+"
     "(?:the\\s+)?(?:service|subscription|term)|^\\s*verl(?:\\x{e4}|ae)ngerung\\b"},
    {SLA_FILL_NONE, 0, 0, NULL},
};
