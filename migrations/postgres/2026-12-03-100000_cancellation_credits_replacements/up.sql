-- Cancelling an order after a shipped exchange credits what is left on every invoice of the
-- order: its own and each replacement's (CGST Act, section 34: the supply was taken back).
-- So the order itself (return_id NULL) may hold one cancellation credit note per invoice it
-- cites, not one in all.
DROP INDEX tax_documents_order_kind_idx;
CREATE UNIQUE INDEX tax_documents_order_kind_idx ON tax_documents (order_id, kind, COALESCE(cites_number, '')) WHERE return_id IS NULL;
