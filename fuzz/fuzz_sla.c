/* fuzz_sla.c — libFuzzer harness for the SLA document reader: any bytes are
 * split into units (Markdown, plain text, HTML, and PDF or DOCX when they
 * open with %PDF- or a zip header: the seeds from tests/data/sla include one
 * of each) and searched for terms; every term found must point at a line of
 * the document, and a document refused says why. */
#include <assert.h>
#include <stdint.h>

#include "engine/sla/sla_terms.h"
#include "parsers/sla/sla_extract.h"
#include "parsers/sla/sla_text.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct sla_text doc;
    struct sla_terms terms;
    struct sl_diag diag = {0};
    if (sla_text_parse((const char *)data, size, "fuzz.md", &doc, &diag) != SL_OK) {
        assert(diag.message[0]);
        return 0;
    }
    sla_terms_init(&terms);
    if (sla_extract_text(&doc, "fuzz", 0, &terms, &diag) == SL_OK) {
        for (size_t i = 0; i < terms.ntargets; i++)
            assert(terms.targets[i].line >= 0 &&
                   (size_t)terms.targets[i].line <= terms.nsource_lines);
        for (size_t i = 0; i < terms.ntiers; i++)
            assert(terms.tiers[i].line >= 0 && (size_t)terms.tiers[i].line <= terms.nsource_lines);
    }
    sla_terms_release(&terms);
    sla_text_release(&doc);
    return 0;
}
