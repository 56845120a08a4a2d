-- Back to one invoice and one credit note per order: the returns' documents are removed.
DELETE FROM tax_document_lines WHERE document_id IN (SELECT id FROM tax_documents WHERE return_id IS NOT NULL);
DELETE FROM tax_documents WHERE return_id IS NOT NULL;
ALTER TABLE tax_document_lines DROP COLUMN invoice_line;
DROP INDEX tax_documents_return_kind_idx;
DROP INDEX tax_documents_order_kind_idx;
ALTER TABLE tax_documents DROP COLUMN return_id;
ALTER TABLE tax_documents ADD CONSTRAINT tax_documents_order_id_kind_key UNIQUE (order_id, kind);
