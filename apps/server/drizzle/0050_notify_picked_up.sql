-- 방문수령 전달 완료 (pickedUp) is told where 발송 완료 (shipped) was before it existed
-- (docs/requirements.md#notifications): a saved '알림 설정' lists its events, so one saved with
-- 발송 완료 gets the new event too; one saved without it stays without.
UPDATE "notify_settings" SET "events" = array_append("events", 'pickedUp')
WHERE 'shipped' = ANY("events") AND NOT ('pickedUp' = ANY("events"));
