-- Back to one invoice and one credit note per order: the returns' documents are removed.
DELETE FROM tax_document_lines WHERE document_id IN (SELECT id FROM tax_documents WHERE return_id IS NOT NULL);
DELETE FROM tax_documents WHERE return_id IS NOT NULL;

CREATE TABLE tax_documents_old (
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
INSERT INTO tax_documents_old (id, order_id, kind, number, series, financial_year, sequence, issued_on, issued_at, cites_number, cites_date, supplier_name, supplier_address, supplier_gstin, supplier_state, supplier_state_code, recipient_name, recipient_address, recipient_state, recipient_state_code, place_of_supply, place_of_supply_code, place_assumed, taxable_paise, cgst_paise, sgst_paise, igst_paise, total_paise) SELECT id, order_id, kind, number, series, financial_year, sequence, issued_on, issued_at, cites_number, cites_date, supplier_name, supplier_address, supplier_gstin, supplier_state, supplier_state_code, recipient_name, recipient_address, recipient_state, recipient_state_code, place_of_supply, place_of_supply_code, place_assumed, taxable_paise, cgst_paise, sgst_paise, igst_paise, total_paise FROM tax_documents;
CREATE TABLE tax_document_lines_old (
    id TEXT PRIMARY KEY NOT NULL,
    document_id TEXT NOT NULL REFERENCES tax_documents_old (id),
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
INSERT INTO tax_document_lines_old (id, document_id, position, description, hsn_code, quantity, unit, unit_price_paise, rate_basis_points, taxable_paise, cgst_paise, sgst_paise, igst_paise, total_paise) SELECT id, document_id, position, description, hsn_code, quantity, unit, unit_price_paise, rate_basis_points, taxable_paise, cgst_paise, sgst_paise, igst_paise, total_paise FROM tax_document_lines;

DROP TABLE tax_document_lines;
DROP TABLE tax_documents;
ALTER TABLE tax_documents_old RENAME TO tax_documents;
ALTER TABLE tax_document_lines_old RENAME TO tax_document_lines;

CREATE INDEX tax_documents_issued_idx ON tax_documents (issued_on);
CREATE INDEX tax_document_lines_document_idx ON tax_document_lines (document_id, position);
