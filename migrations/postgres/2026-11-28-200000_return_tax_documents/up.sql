-- Returns get documents of their own: a refunded return a credit note for just its pieces,
-- an exchange a credit note for the returned pieces and a tax invoice for the replacement.
-- So an order may hold several credit notes and invoices: one invoice and at most one
-- cancellation credit note of the order itself (return_id NULL), and one credit note and
-- one invoice per return request. A credit note's line names the line of the invoice it
-- credits (invoice_line), so what is left to credit on each invoice line can be added up.
ALTER TABLE tax_documents ADD COLUMN return_id TEXT REFERENCES return_requests (id);
ALTER TABLE tax_documents DROP CONSTRAINT tax_documents_order_id_kind_key;
CREATE UNIQUE INDEX tax_documents_order_kind_idx ON tax_documents (order_id, kind) WHERE return_id IS NULL;
CREATE UNIQUE INDEX tax_documents_return_kind_idx ON tax_documents (return_id, kind);

ALTER TABLE tax_document_lines ADD COLUMN invoice_line INTEGER;
-- The credit notes issued so far are cancellations: each copies its invoice line by line.
UPDATE tax_document_lines SET invoice_line = position
WHERE document_id IN (SELECT id FROM tax_documents WHERE kind = 'CREDIT_NOTE');
