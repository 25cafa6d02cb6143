// PLACEHOLDER: replaced by the evaluator branch
namespace Sorcha.Blueprint.Engine.Templates;

/// <summary>A JSON-e template cannot be rendered with its context (the message says why).</summary>
public sealed class JsonETemplateException : Exception
{
    public JsonETemplateException()
    {
    }

    public JsonETemplateException(string message)
        : base(message)
    {
    }

    public JsonETemplateException(string message, Exception innerException)
        : base(message, innerException)
    {
    }
}
