-- The last number given in each series (an invoice prefix, or CN for credit notes) and
-- financial year (its starting year). The row is taken and raised in the transaction that
-- issues the document, so numbers are consecutive, unique and never skipped.
CREATE TABLE document_counters (
    series TEXT NOT NULL,
    financial_year INTEGER NOT NULL,
    last_number BIGINT NOT NULL,
    PRIMARY KEY (series, financial_year)
);

-- Tax invoices and credit notes as issued: every printed field is a copy, so a later change
-- to the company, the catalogue or the address book never changes an issued document.
CREATE TABLE tax_documents (
    id TEXT PRIMARY KEY NOT NULL,
    order_id TEXT NOT NULL REFERENCES orders (id),
    kind TEXT NOT NULL CHECK (kind IN ('INVOICE', 'CREDIT_NOTE')),
    number TEXT NOT NULL UNIQUE,
    series TEXT NOT NULL,
    financial_year INTEGER NOT NULL,
    sequence BIGINT NOT NULL,
    issued_on DATE NOT NULL,
    issued_at TIMESTAMP NOT NULL,
    cites_number TEXT,
    cites_date DATE,
    supplier_name TEXT NOT NULL,
    supplier_address TEXT NOT NULL,
    supplier_gstin TEXT NOT NULL,
    supplier_state TEXT NOT NULL,
    supplier_state_code TEXT NOT NULL,
    recipient_name TEXT NOT NULL,
    recipient_address TEXT NOT NULL,
    recipient_state TEXT NOT NULL,
    recipient_state_code TEXT NOT NULL,
    place_of_supply TEXT NOT NULL,
    place_of_supply_code TEXT NOT NULL,
    place_assumed BOOLEAN NOT NULL,
    taxable_paise BIGINT NOT NULL,
    cgst_paise BIGINT NOT NULL,
    sgst_paise BIGINT NOT NULL,
    igst_paise BIGINT NOT NULL,
    total_paise BIGINT NOT NULL,
    UNIQUE (order_id, kind),
    UNIQUE (series, financial_year, sequence)
);
CREATE INDEX tax_documents_issued_idx ON tax_documents (issued_on);

CREATE TABLE tax_document_lines (
    id TEXT PRIMARY KEY NOT NULL,
    document_id TEXT NOT NULL REFERENCES tax_documents (id),
    position INTEGER NOT NULL,
    description TEXT NOT NULL,
    hsn_code TEXT NOT NULL,
    quantity INTEGER NOT NULL,
    unit TEXT NOT NULL,
    unit_price_paise BIGINT NOT NULL,
    rate_basis_points INTEGER NOT NULL,
    taxable_paise BIGINT NOT NULL,
    cgst_paise BIGINT NOT NULL,
    sgst_paise BIGINT NOT NULL,
    igst_paise BIGINT NOT NULL,
    total_paise BIGINT NOT NULL
);
CREATE INDEX tax_document_lines_document_idx ON tax_document_lines (document_id, position);
