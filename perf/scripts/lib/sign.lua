-- wrk: POST /api/wallets/{address}/sign with a fixed 32-byte body (the URL and token come from the command line).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"data":"c29yY2hhLXRocm91Z2hwdXQtYWItc2lnbi1ib2R5LTMyYg=="}'
