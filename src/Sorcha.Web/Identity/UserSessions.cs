using System.Security.Cryptography;
using Microsoft.Extensions.Caching.Memory;
using Microsoft.Extensions.Options;

namespace Sorcha.Web.Identity;

/// <summary>
/// The signed-in sessions of this process, bounded in number (Web:Sessions:MaxSessions) and dropped after
/// Web:Sessions:IdleMinutes without use: anyone may sign in many times in Development, and a session costs memory.
/// In memory on purpose: the web app never reads Redis (docs/web.md), the gateway keeps a browser on one replica,
/// and a restart signs everyone out (the cookie's session id is then unknown, which reads as signed out).
/// </summary>
public sealed class UserSessions : IDisposable
{
    private readonly MemoryCache _sessions;
    private readonly TimeSpan _idle;
    private readonly int _max;

    public UserSessions(IOptions<WebOptions> options)
    {
        _sessions = new MemoryCache(new MemoryCacheOptions { SizeLimit = options.Value.Sessions.MaxSessions });
        _idle = TimeSpan.FromMinutes(options.Value.Sessions.IdleMinutes);
        _max = options.Value.Sessions.MaxSessions;
    }

    public int Count => _sessions.Count;

    /// <summary>A new session for <paramref name="subject"/>; its id is 256 random bits.</summary>
    public UserSession Start(string subject, string name, SessionKind kind)
    {
        var session = new UserSession(Convert.ToHexString(RandomNumberGenerator.GetBytes(32)), subject, name, kind);
        // A full cache would refuse the entry: the least recently used tenth goes first (a sign-in must not fail).
        if (_sessions.Count >= _max)
        {
            _sessions.Compact(0.1);
        }

        _sessions.Set(session.Id, session, new MemoryCacheEntryOptions { Size = 1, SlidingExpiration = _idle });
        return session;
    }

    public UserSession? Find(string? id) => id is not null && _sessions.TryGetValue(id, out UserSession? session) && !session!.Ended ? session : null;

    public void End(string? id)
    {
        if (id is not null)
        {
            _sessions.Remove(id);
        }
    }

    public void Dispose() => _sessions.Dispose();
}
