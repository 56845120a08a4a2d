-- Returns get documents of their own: a refunded return a credit note for just its pieces,
-- an exchange a credit note for the returned pieces and a tax invoice for the replacement.
-- So an order may hold several credit notes and invoices: one invoice and at most one
-- cancellation credit note of the order itself (return_id NULL), and one credit note and
-- one invoice per return request. A credit note's line names the line of the invoice it
-- credits (invoice_line), so what is left to credit on each invoice line can be added up.
--
-- SQLite cannot drop a table's UNIQUE constraint: both tables are rebuilt with every row
-- kept. The lines' new table points at the documents' new table; renaming that one
-- rewrites the reference (SQLite 3.26 and later), so no foreign key ever dangles.
CREATE TABLE tax_documents_new (
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
    return_id TEXT REFERENCES return_requests (id),
    UNIQUE (series, financial_year, sequence)
);
INSERT INTO tax_documents_new (id, order_id, kind, number, series, financial_year, sequence, issued_on, issued_at, cites_number, cites_date, supplier_name, supplier_address, supplier_gstin, supplier_state, supplier_state_code, recipient_name, recipient_address, recipient_state, recipient_state_code, place_of_supply, place_of_supply_code, place_assumed, taxable_paise, cgst_paise, sgst_paise, igst_paise, total_paise) SELECT id, order_id, kind, number, series, financial_year, sequence, issued_on, issued_at, cites_number, cites_date, supplier_name, supplier_address, supplier_gstin, supplier_state, supplier_state_code, recipient_name, recipient_address, recipient_state, recipient_state_code, place_of_supply, place_of_supply_code, place_assumed, taxable_paise, cgst_paise, sgst_paise, igst_paise, total_paise FROM tax_documents;

CREATE TABLE tax_document_lines_new (
    id TEXT PRIMARY KEY NOT NULL,
    document_id TEXT NOT NULL REFERENCES tax_documents_new (id),
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
    total_paise BIGINT NOT NULL,
    invoice_line INTEGER
);
INSERT INTO tax_document_lines_new (id, document_id, position, description, hsn_code, quantity, unit, unit_price_paise, rate_basis_points, taxable_paise, cgst_paise, sgst_paise, igst_paise, total_paise) SELECT id, document_id, position, description, hsn_code, quantity, unit, unit_price_paise, rate_basis_points, taxable_paise, cgst_paise, sgst_paise, igst_paise, total_paise FROM tax_document_lines;
-- The credit notes issued so far are cancellations: each copies its invoice line by line.
UPDATE tax_document_lines_new SET invoice_line = position
WHERE document_id IN (SELECT id FROM tax_documents_new WHERE kind = 'CREDIT_NOTE');

DROP TABLE tax_document_lines;
DROP TABLE tax_documents;
ALTER TABLE tax_documents_new RENAME TO tax_documents;
ALTER TABLE tax_document_lines_new RENAME TO tax_document_lines;

CREATE INDEX tax_documents_issued_idx ON tax_documents (issued_on);
CREATE UNIQUE INDEX tax_documents_order_kind_idx ON tax_documents (order_id, kind) WHERE return_id IS NULL;
CREATE UNIQUE INDEX tax_documents_return_kind_idx ON tax_documents (return_id, kind);
CREATE INDEX tax_document_lines_document_idx ON tax_document_lines (document_id, position);
