namespace Sorcha.Web.Identity;

/// <summary>The session's token could not be renewed (or the session is gone): the person must sign in again.</summary>
public sealed class SessionEndedException(string message, Exception? inner = null) : Exception(message, inner)
{
    public SessionEndedException()
        : this("Your session has ended. Sign in again.")
    {
    }

    public SessionEndedException(string message)
        : this(message, null)
    {
    }
}
