namespace Sorcha.Gateway.Balancing;

/// <summary>
/// Which requests the gateway may send to a second replica after the first one may already have received them.
/// A refused connection never reached a replica, so any request may go to the next one (the forwarder needs nothing
/// from here for that). After that point only what cannot do harm twice: safe methods, and the routes the contract
/// makes idempotent — a transaction submission (single or batch) answers a repeat with its first commit (docs/api.md).
/// Never any other POST, PUT, PATCH or DELETE: a second delivery could act twice or answer differently.
/// </summary>
public static class ReplayPolicy
{
    private const int MemoryBufferBytes = 1024 * 1024;

    private static readonly string[] IdempotentPosts = ["/api/transactions", "/api/transactions/batch"];

    /// <summary>True when the request may be resent after a failure; its body is then buffered so that it can be.</summary>
    public static bool Prepare(HttpRequest request)
    {
        var replayable = HttpMethods.IsGet(request.Method) || HttpMethods.IsHead(request.Method) || HttpMethods.IsOptions(request.Method)
            || HttpMethods.IsPost(request.Method) && IdempotentPosts.Any(p => request.Path.Equals(p, StringComparison.OrdinalIgnoreCase)
                || request.Path.Equals(p + "/", StringComparison.OrdinalIgnoreCase));
        if (replayable && (request.ContentLength > 0 || request.Headers.TransferEncoding.Count > 0))
        {
            request.EnableBuffering(MemoryBufferBytes);
        }

        return replayable;
    }

    /// <summary>Rewinds a replayable request's body for the next attempt; false when it cannot be sent again.</summary>
    public static bool TryRewind(HttpRequest request, bool replayable)
    {
        if (!replayable)
        {
            return false;
        }

        if (request.Body.CanSeek)
        {
            request.Body.Position = 0;
        }

        return true;
    }
}
