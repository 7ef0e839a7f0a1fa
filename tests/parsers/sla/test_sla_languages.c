/* test_sla_languages.c — the word blocks of parsers/sla/sla_patterns.c, one
 * per language: each language's words for availability, "at least", a
 * month, a band's "below" and "at or above" and a credit give the same
 * terms as the English ones, and the language is detected. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/sla/sla_terms.h"
#include "parsers/sla/sla_extract.h"
#include "parsers/sla/sla_text.h"

struct vocabulary {
    const char *language;
    const char *commitment; /* a target of 99.9 % a month */
    const char *header;     /* uptime | credit */
    const char *band;       /* below 99.9 %, at or above 99.0 % */
    const char *cap;        /* credits capped at 50 % */
};

static const struct vocabulary vocabularies[] = {
    {"en",
     "The service is available with a monthly availability of at least 99,9 % for each "
     "instance and the customer.",
     "| Monthly availability | Credit |", "| less than 99.9% but at least 99.0% | 10% |",
     "The credits for the month shall not exceed 50% of the monthly fee."},
    {"de",
     "Die Verfügbarkeit des Dienstes beträgt im monatlichen Durchschnitt mindestens 99,9 "
     "Prozent und wird für jede Instanz gemessen.",
     "| Verfügbarkeit im Monat | Gutschrift |",
     "| kleiner als 99,9 % und gleich oder größer als 99,0 % | 10 % |", NULL},
    {"fr",
     "Le service offre une disponibilité mensuelle d'au moins 99,9 % pour chaque instance "
     "et pour le client.",
     "| Disponibilité mensuelle | Remise |",
     "| inférieure à 99,9 % mais supérieure ou égale à 99,0 % | 10 % |",
     "Le montant des remises est plafonné à 50 % de la facture mensuelle."},
    {"es",
     "El servicio ofrece una disponibilidad mensual de al menos 99,9 % para cada instancia "
     "y para el cliente.",
     "| Disponibilidad mensual | Crédito |",
     "| menos de 99,9 % pero igual o superior a 99,0 % | 10 % |",
     "Los créditos del mes no excederán el 50 % de la factura mensual."},
};

Test(sla_languages, each_vocabulary_reads_as_english_does)
{
    for (size_t i = 0; i < sizeof vocabularies / sizeof *vocabularies; i++) {
        const struct vocabulary *v = &vocabularies[i];
        char doc[1024];
        snprintf(doc, sizeof doc, "# SLA\n\n%s\n\n%s\n|---|---|\n%s\n\n%s\n", v->commitment,
                 v->header, v->band, v->cap ? v->cap : "");
        struct sla_text text;
        struct sl_diag d = {0};
        cr_assert_eq(sla_text_parse(doc, strlen(doc), "test.md", &text, &d), SL_OK, "%s",
                     d.message);
        struct sla_terms t;
        sla_terms_init(&t);
        cr_assert_eq(sla_extract_text(&text, "test.md", 0, &t, &d), SL_OK, "%s", d.message);
        sla_text_release(&text);
        cr_expect_str_eq(t.language, v->language);
        cr_assert_eq(t.ntargets, 1, "%s: targets", v->language);
        cr_expect_float_eq(t.targets[0].percent, 99.9, 1e-9, "%s", v->language);
        cr_expect_eq(t.targets[0].window, SLA_WINDOW_MONTH, "%s: window", v->language);
        cr_assert_eq(t.ntiers, 1, "%s: tiers", v->language);
        cr_expect_float_eq(t.tiers[0].lower_percent, 99.0, 1e-9, "%s", v->language);
        cr_expect(t.tiers[0].lower_inclusive, "%s", v->language);
        cr_expect_float_eq(t.tiers[0].upper_percent, 99.9, 1e-9, "%s", v->language);
        cr_expect_not(t.tiers[0].upper_inclusive, "%s", v->language);
        cr_expect_float_eq(t.tiers[0].credit_percent, 10, 1e-9, "%s", v->language);
        if (v->cap)
            cr_expect_float_eq(t.credit_cap_percent, 50, 1e-9, "%s: cap", v->language);
        sla_terms_release(&t);
    }
}
